/**
 * Medical-cannabis labels from outside the US (issue 14, twenty-third label round: an Australian
 * pack label in the manner of TGO 93, an Israeli-style medical label), read as the keys the parser
 * knows:
 * - `Chemovar:` (the strain's name in Australian and European medical use) → `Strain:`, and a
 *   strain key with a type key after it on its row (`Chemovar: Island Sweet Skunk  Type: Sativa`)
 *   put after that key: the parser reads a strain's name to the row's end;
 * - `Grower:` / `Sponsor:` (the maker; a sponsor is printed as its company with the address:
 *   `Sponsor: Packwoods Pty Ltd, 56 Enterprise Way, Hobart TAS 7000`) → `Brand:` with the
 *   company form and the address dropped;
 * - `Pack size:` / `Contents:` before a weight → `Net Wt:`;
 * - `Date of packing` / `Packing date` → `Packaged:` (the parser's package keys know `packed`
 *   and `packaged`, not `packing`);
 * - `Total Potential THC` (a hemp THCa label's THCa × 0.877 + Δ9-THC, printed beside a Δ9-THC
 *   figure kept under 0.3%) → `Total THC`;
 * - `inflorescence` (dried flower in pharmacopoeia words) on a form or category key's row → `Flower`;
 * - a row that only names the medicine's botanical kind (`Cannabis sativa L. dried flower`,
 *   `Cannabis flos (dried flower)`, `Medicinal cannabis – dried flower`) → `Medical Cannabis
 *   Flower`: a description, never the product's name (the parser drops descriptor-only rows).
 * And (`dayFirstSlashDates`) a label's slashed dates read day first when the label shows it
 * writes them so: one of them has a first number over 12 (`25/09/2026`) and none a second number
 * over 12, or it prints a percentage `w/w` or an Australian company form (`Pty Ltd`).
 */

// `Ltd` also as OCR reads it (`Lid`, `L1d`).
const LTD = String.raw`L[tiIl1][dl]\.?`;
const COMPANY = String.raw`(?:Pty\.?\s*${LTD}|${LTD}|LLC|Inc\.?|GmbH|B\.V\.)`;
const MAKER = new RegExp(String.raw`^(\s*)(?:grower|sponsor)\s*[:;]\s*(.+?)(?:\s*,?\s+${COMPANY}(?=\s*,|\s*$).*)?$`, 'i');
const KEYS: readonly [RegExp, string][] = [
  [/\bchemovar\s*[:;]/gi, 'Strain:'],
  [/\b(?:pack\s*size|(?<!net\s)contents)\s*[:;](?=\s*\.?\d)/gi, 'Net Wt:'],
  [/\b(?:date\s+of\s+packing|packing\s+date)\s*[:;]?/gi, 'Packaged:'],
  [/\b(?:total\s+potential|potential\s+total|potential)\s+thc\b/gi, 'Total THC'],
];
// A strain key with a type key after it on its row: the parser reads a strain to the row's end.
const STRAIN_THEN_TYPE = /^(\s*)((?:strain|cultivar|genetics)\s*:\s*\S.*?)\s+((?:strain\s+)?(?:type|form|category)\s*:.*)$/i;
const BOTANICAL =
  /^\s*(?:(?:medicinal\s+)?cannabis\s+(?:sativa|indica)(?:\s+L\.?)?|cannabis\s+flos|medicinal\s+cannabis\s*[–—~-])\s*[(–—~-]?\s*(?:dried\s+)?(?:flower|flos|inflorescence)?\s*\)?\s*$/i;

/** A label row in the keys the parser knows (see the module's comment). */
export function medicalKeys(row: string): string {
  if (BOTANICAL.test(row)) return 'Medical Cannabis Flower';
  const maker = MAKER.exec(row);
  if (maker) return `${maker[1]}Brand: ${maker[2].replace(/\s*,.*$/, '')}`;
  let out = row;
  for (const [re, en] of KEYS) out = out.replace(re, en);
  // The medicine's form as pharmacopoeias name dried flower (`Form: Dried inflorescence`), on a form or category key's row.
  if (/\b(?:form|category)\s*:/i.test(out)) out = out.replace(/\binflorescences?\b/gi, 'Flower');
  return out.replace(STRAIN_THEN_TYPE, '$1$3   $2');
}

const SLASHED = /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g;
// `w/w` also as OCR reads its slash (`wiw`, `w|w`, `wlw`).
const DAY_FIRST_CUE = /\d\s?%\s?w[/|il1]w\b|\bPty\.?\s*L[tiIl1][dl]\b/i;

/**
 * The label's lines with their `dd/mm/yyyy` dates as ISO when the label writes them day first (see
 * the module's comment); `raw`: the label's rows as read, for the cues (the sponsor's `Pty Ltd` is
 * gone from `lines`, where it became the brand).
 */
export function dayFirstSlashDates(lines: string[], raw: readonly string[] = []): string[] {
  const pairs = lines.flatMap((l) => [...l.matchAll(SLASHED)].map((m) => [Number(m[1]), Number(m[2])]));
  if (!pairs.length || pairs.some(([, b]) => b > 12 || b < 1)) return lines;
  if (!pairs.some(([a]) => a > 12 && a <= 31) && ![...lines, ...raw].some((l) => DAY_FIRST_CUE.test(l))) return lines;
  return lines.map((l) =>
    l.replace(SLASHED, (m, d: string, mo: string, y: string) => (Number(d) >= 1 && Number(d) <= 31 ? `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}` : m)),
  );
}
