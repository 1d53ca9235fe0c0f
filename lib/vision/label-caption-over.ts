import { isCaption } from '@/lib/vision/label-captions';
import { letters, type BoxLine } from '@/lib/vision/parse-common';

/**
 * A lone key set ABOVE its lone value (issue 14, twentieth label round): a label whose figures
 * stand as separate blocks (round a ring, in tiles), each a small caption over a big figure
 * (`TOTAL THC` over `26.1%`). label-columns.ts pairs a row of two or more keys with the values
 * beneath it, and label-captions.ts a value with the caption under it; a block alone on its rows
 * is neither. Here one caption cell over one value cell becomes `key: value` when the value is
 * printed larger than the caption, centred under it, and the caption stands nearer to that value
 * than to the row above it (it belongs to the figure under it, not to one over it).
 */

const height = (l: BoxLine) => l.y1 - l.y0;
const centre = (l: BoxLine) => ((l.cells[0]?.x0 ?? 0) + (l.cells.at(-1)?.x1 ?? 0)) / 2;

/** `key: value` when `keys` is one caption over the one value `values` (see the module's comment); null when not. */
export function captionOver(keys: BoxLine, values: BoxLine, prev: BoxLine | undefined, pageWidth: number): string[] | null {
  if (keys.cells.length !== 1 || values.cells.length !== 1) return null;
  const key = keys.cells[0].text;
  const value = values.cells[0].text;
  if (!isCaption(key) || isCaption(value) || /:/.test(value) || !/\d/.test(value) || letters(value) > 4) return null;
  if ((values.y0 + values.y1) / 2 < keys.y1) return null;
  const below = values.y0 - keys.y1;
  if (prev && keys.y0 - prev.y1 <= below) return null;
  if (height(values) < 1.3 * height(keys) || Math.abs(centre(values) - centre(keys)) > 0.08 * pageWidth) return null;
  return [`${key.replace(/:$/, '')}: ${value}`];
}
