import { ApiError } from '@/lib/errors';

export const DEFAULT_MAX_BYTES = 1_000_000;
export const IMAGE_MAX_BYTES = 12 * 1024 * 1024;

/**
 * Read a request body as text, refusing more than `maxBytes`: first by Content-Length, then while
 * streaming, so a too-large body is never buffered whole.
 */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    throw tooLarge(maxBytes);
  }
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))).toString('utf8');
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${maxBytes} bytes`, { maxBytes });
}
