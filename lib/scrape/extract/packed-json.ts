import zlib from 'node:zlib';

/**
 * App state kept compressed in the page (base64 of gzip, zlib or raw deflate JSON, as pages that
 * unpack it with `DecompressionStream` or pako do): the JSON text, else null. Bounded: at most
 * MAX_OUT bytes are inflated, and only text that starts as JSON is returned.
 */
const MAX_OUT = 32 * 1024 * 1024;

/** What compression the bytes start with (gzip magic, a zlib header), or `raw` to try raw deflate. */
function codecOf(b: Buffer): 'gzip' | 'zlib' | 'raw' {
  if (b.length > 2 && b[0] === 0x1f && b[1] === 0x8b) return 'gzip';
  if (b.length > 2 && (b[0] & 0x0f) === 8 && b[0] >> 4 <= 7 && ((b[0] << 8) | b[1]) % 31 === 0) return 'zlib';
  return 'raw';
}

export function inflatedJsonText(bytes: Buffer): string | null {
  if (bytes.length < 16) return null;
  const codec = codecOf(bytes);
  try {
    const out =
      codec === 'gzip'
        ? zlib.gunzipSync(bytes, { maxOutputLength: MAX_OUT })
        : codec === 'zlib'
          ? zlib.inflateSync(bytes, { maxOutputLength: MAX_OUT })
          : zlib.inflateRawSync(bytes, { maxOutputLength: MAX_OUT });
    const text = out.toString('utf8');
    return /^\s*[[{]/.test(text) ? text : null;
  } catch {
    return null;
  }
}
