'use client';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedMediaType = (typeof ACCEPTED)[number];
const MAX_BYTES = 6 * 1024 * 1024;
const MAX_EDGE = 2400;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('Could not read the file'));
    r.readAsDataURL(blob);
  });
}

/** Re-encodes through a canvas: for formats the API does not take (HEIC, GIF…) and for very large photos. */
async function reencode(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not convert the image'))), 'image/jpeg', 0.9));
}

/** A chosen photo as the API wants it: base64 without the data-URL prefix plus its media type. */
export async function imageForApi(file: File): Promise<{ imageBase64: string; mediaType: AcceptedMediaType; previewUrl: string }> {
  const ok = (ACCEPTED as readonly string[]).includes(file.type) && file.size <= MAX_BYTES;
  const blob = ok ? file : await reencode(file);
  const dataUrl = await readAsDataUrl(blob);
  const mediaType = (ok ? file.type : 'image/jpeg') as AcceptedMediaType;
  return { imageBase64: dataUrl.slice(dataUrl.indexOf(',') + 1), mediaType, previewUrl: dataUrl };
}

/** attemptId for receipts: 16–128 letters, digits, underscore, hyphen; a retry of the same photo reuses it. */
export function newAttemptId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
