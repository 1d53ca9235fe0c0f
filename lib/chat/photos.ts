/**
 * Photos for a model that cannot see: the label engine of lib/vision reads each one (receipt
 * engine when no label fields come out) and the fields go to the model as one text line each,
 * e.g. `Photo 1 (label, read by OCR): this label says Blue Dream, 24.1% THC, …`.
 */
import sharp from 'sharp';
import type { Queryable } from '@/lib/db';
import { logger } from '@/lib/log';
import { analyzeLabel, loadImage, visionEngine } from '@/lib/vision';
import type { LabelData } from '@/lib/vision';
import type { DecodedImage } from '@/lib/chat/schemas';

const pct = (n: number | null) => (n === null ? null : `${Math.round(n * 10) / 10}%`);

export function labelLine(index: number, l: LabelData): string | null {
  const name = l.strainName ?? l.strain?.name ?? l.productName;
  const fields = [
    name ? `this label says ${name}` : null,
    l.thcPct !== null ? `${pct(l.thcPct)} THC` : l.thcMg !== null ? `${l.thcMg} mg THC` : null,
    l.cbdPct !== null ? `${pct(l.cbdPct)} CBD` : l.cbdMg !== null ? `${l.cbdMg} mg CBD` : null,
    l.type ? l.type : null,
    l.category ? l.category.toLowerCase() : null,
    l.brand ? `brand ${l.brand}` : null,
    l.netWeightGrams !== null ? `${l.netWeightGrams} g` : null,
    l.terpenes.length ? `terpenes ${l.terpenes.map((t) => `${t.name} ${pct(t.percentage)}`).join(', ')}` : null,
    l.labName ? `tested by ${l.labName}` : null,
    l.testDate ? `test date ${l.testDate}` : null,
  ].filter((x): x is string => Boolean(x));
  if (!name && l.thcPct === null && l.cbdPct === null && l.terpenes.length === 0) return null;
  const match = l.strain ? ` Catalog match: ${l.strain.slug} (${l.strain.name}).` : '';
  return `Photo ${index} (label, read by ${l.engine === 'ocr' ? 'OCR' : 'a vision model'}): ${fields.join(', ')}.${match}`;
}

async function readOne(db: Queryable, index: number, img: DecodedImage, signal?: AbortSignal): Promise<string> {
  try {
    const label = await analyzeLabel(db, { imageBase64: img.base64, mediaType: img.mediaType }, signal);
    const line = labelLine(index, label);
    if (line) return line;
    const reading = await visionEngine().readReceipt(await loadImage(img.base64, img.mediaType), signal);
    const items = reading.parsed.items.slice(0, 8);
    if (items.length) {
      const list = items
        .map((it) => [it.strainName ?? it.productName, it.grams !== null ? `${it.grams} g` : null, it.price !== null ? `$${it.price}` : null].filter(Boolean).join(' '))
        .join('; ');
      const where = reading.parsed.dispensaryName ? ` from ${reading.parsed.dispensaryName}` : '';
      return `Photo ${index} (receipt, read by OCR): a receipt${where} listing ${list}${reading.parsed.total !== null ? `; total $${reading.parsed.total}` : ''}.`;
    }
    return `Photo ${index} (unreadable): the label/receipt engine found no label or receipt text on it.`;
  } catch (e) {
    logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'chat photo reading failed');
    return `Photo ${index} (unreadable): the label/receipt engine could not read it.`;
  }
}

/** One line per photo, in order (photos are read one after another: OCR is CPU-bound). */
export async function readPhotos(db: Queryable, images: DecodedImage[], signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  for (const [i, img] of images.entries()) out.push(await readOne(db, i + 1, img, signal));
  return out;
}

/** A small WebP preview kept with the stored message (the full photo is not stored). */
export async function thumbnail(img: DecodedImage): Promise<string> {
  try {
    const buf = await sharp(img.bytes, { limitInputPixels: 40_000_000 }).rotate().resize(320, 320, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
    return `data:image/webp;base64,${buf.toString('base64')}`;
  } catch {
    return '';
  }
}
