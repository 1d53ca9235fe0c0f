/**
 * OCR slips around the figures of a photographed receipt line (a stamp's or a crease's remains
 * beside the print make them):
 * - a potency's decimal point read as a colon (`THC 30:3%`), the gap after its key as a hyphen
 *   (`THC-15:9%`): only a figure right after a THC or CBD key and before its per cent sign;
 * - the 4 of an ounce fraction read as `<` (`1/< oz`);
 * - specks read as marks right after a weight (`Banana 14g =~`, `Pod 1g" ~~`): a run of marks no
 *   name ends with (`~ = _ " { } \`; not a column's `|`) after a weight is dropped.
 */
export function figureSlips(line: string): string {
  return line
    .replace(/\b(THC|CBD)\s?[-:]?\s?(\d{1,2})[:;](\d{1,2})\s?%/gi, '$1 $2.$3%')
    .replace(/\b([1-9])\/<\s?(oz|0z)\b/gi, '$1/4 $2')
    .replace(/(\d\s?(?:g|oz))(?:\s?[~=_"{}\\]+)+(?=\s|$)/gi, '$1');
}
