import { createHash } from 'node:crypto';
import { generateImage } from 'ai';
import sharp from 'sharp';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import { imageModel, resolveAiProvider } from '@/lib/ai/provider';
import { logger } from '@/lib/log';
import { objectExists, objectUrl, putObject } from '@/lib/storage';
import { renderArtwork, type RenderedImage } from '@/lib/images/render-local';

export type ImageProviderName = 'openai' | 'local';

export interface ImageSize {
  width: number;
  height: number;
}

export interface StoredImage {
  /** WebP (smaller) URL; `pngUrl` is the PNG of the same image. */
  imageUrl: string;
  pngUrl: string;
  provider: ImageProviderName;
  model: string;
  width: number;
  height: number;
  /** True when the image for this prompt already existed and nothing was generated. */
  cached: boolean;
}

/** What an image route answers: the stored image's public fields and the prompt it was made from. */
export interface PromptedImage {
  imageUrl: string;
  prompt: string;
  provider: string;
  width: number;
  height: number;
  pngUrl: string;
  cached: boolean;
}

/** The answer fields of a stored image made from `prompt` (the model name stays internal). */
export function promptedImage(img: StoredImage, prompt: string): PromptedImage {
  return { imageUrl: img.imageUrl, prompt, provider: img.provider, width: img.width, height: img.height, pngUrl: img.pngUrl, cached: img.cached };
}

/**
 * IMAGE_PROVIDER=local forces the local renderer; otherwise a configured hosted provider
 * (docs/contract.md §4: `openai`, or `openai-compatible` when its server implements image generation)
 * generates through the AI SDK, and without one the local renderer does.
 */
export function imageProvider(): { name: ImageProviderName; model: string } {
  if (config().ai.imageProvider === 'local') return { name: 'local', model: 'local-artwork-v1' };
  const p = resolveAiProvider();
  if (p.available && p.name !== 'local') return { name: 'openai', model: config().ai.imageModel ?? 'gpt-image-1' };
  return { name: 'local', model: 'local-artwork-v1' };
}

/** Hosted sizes are the model's fixed ones; the local renderer draws exactly what is asked. */
const HOSTED_SIZE: Record<'landscape' | 'card', `${number}x${number}`> = { landscape: '1536x1024', card: '1536x1024' };

async function hosted(prompt: string, shape: 'landscape' | 'card', signal?: AbortSignal): Promise<RenderedImage> {
  const model = imageModel();
  if (!model) throw new ApiError('EXTERNAL_SERVICE_ERROR', 'No image model is configured');
  try {
    const { image } = await generateImage({ model, prompt, size: HOSTED_SIZE[shape], n: 1, abortSignal: signal, maxRetries: 1 });
    const input = Buffer.from(image.uint8Array);
    const meta = await sharp(input).metadata();
    const [png, webp] = await Promise.all([sharp(input).png({ compressionLevel: 9 }).toBuffer(), sharp(input).webp({ quality: 84 }).toBuffer()]);
    return { png, webp, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (e) {
    logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'image generation failed');
    throw new ApiError('EXTERNAL_SERVICE_ERROR', 'Image generation failed', { provider: 'openai' }, { cause: e });
  }
}

/** Cover-crop a hosted image to an exact size (centre kept). */
async function cropTo(img: RenderedImage, size: ImageSize): Promise<RenderedImage> {
  const resized = () => sharp(img.png).resize(size.width, size.height, { fit: 'cover', position: 'centre' });
  const [png, webp] = await Promise.all([resized().png({ compressionLevel: 9 }).toBuffer(), resized().webp({ quality: 84 }).toBuffer()]);
  return { png, webp, width: size.width, height: size.height };
}

/**
 * Generate (or find) the image for a prompt and store it in the `images` bucket as WebP and PNG.
 * Names are content-addressed (SHA-256 of provider, model, size and prompt), so the same prompt
 * is generated once: a second call finds both files and renders nothing.
 */
export async function generateStoredImage(
  prompt: string,
  opts: {
    folder: 'blog' | 'landing' | 'stories' | 'hero' | 'mascot';
    size: ImageSize;
    shape: 'landscape' | 'card';
    signal?: AbortSignal;
    /** Crop a hosted model's fixed size to exactly `size` (hero banners are 1600×900). */
    exact?: boolean;
    /** A local renderer of its own (the mascot's figure) instead of the abstract artwork. */
    local?: { model: string; render: () => Promise<RenderedImage> };
  },
): Promise<StoredImage> {
  const base0 = imageProvider();
  const provider = base0.name === 'local' && opts.local ? { name: base0.name, model: opts.local.model } : base0;
  const sizeKey = provider.name === 'local' || opts.exact ? `${opts.size.width}x${opts.size.height}` : HOSTED_SIZE[opts.shape];
  const hash = createHash('sha256').update(`${provider.name}\n${provider.model}\n${sizeKey}\n${prompt}`).digest('hex').slice(0, 32);
  const base = `${opts.folder}/${hash}`;
  const [w, h] = sizeKey.split('x').map(Number);
  if ((await objectExists('images', `${base}.webp`)) && (await objectExists('images', `${base}.png`))) {
    return {
      imageUrl: objectUrl('images', `${base}.webp`),
      pngUrl: objectUrl('images', `${base}.png`),
      provider: provider.name,
      model: provider.model,
      width: w,
      height: h,
      cached: true,
    };
  }
  let img: RenderedImage;
  if (provider.name === 'local') img = opts.local ? await opts.local.render() : await renderArtwork(prompt, opts.size.width, opts.size.height);
  else {
    img = await hosted(prompt, opts.shape, opts.signal);
    if (opts.exact) img = await cropTo(img, opts.size);
  }
  // PNG first, WebP last: a WebP on disk means its PNG is complete too (concurrent callers
  // write identical bytes through atomic renames, so a race costs time, never correctness).
  const png = await putObject('images', `${base}.png`, img.png, 'image/png');
  const webp = await putObject('images', `${base}.webp`, img.webp, 'image/webp');
  return { imageUrl: webp.url, pngUrl: png.url, provider: provider.name, model: provider.model, width: img.width || w, height: img.height || h, cached: false };
}
