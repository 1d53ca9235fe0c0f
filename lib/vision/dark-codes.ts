import { findCodes, paintCodes } from '@/lib/vision/codes';

/**
 * A QR code on a dark label (issue 14, twenty-first label round): the code is printed dark on a
 * white block (`Scan for COA`) set in the label's dark ground. The page is negated before OCR so
 * its light print reads dark, and the code with it: light modules on a dark block, whose finder
 * squares no longer show the dark ring round a dark core that `eraseCodes` looks for. tesseract
 * then read the modules as junk glued to the rows beside the code (`Test Date:` and `Tested by`
 * lost). The code is looked for on the page turned back (dark modules on a light block, as
 * printed) and its box, with the block round it (ink on the negated page), painted paper white.
 */
export function eraseDarkPageCodes(data: Buffer, w: number, h: number): number {
  const printed = Buffer.allocUnsafe(data.length);
  for (let i = 0; i < data.length; i++) printed[i] = 255 - data[i];
  const boxes = findCodes(printed, w, h);
  return boxes.length ? paintCodes(data, w, h, boxes) : 0;
}
