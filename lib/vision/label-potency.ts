import { round2 } from '@/lib/vision/parse-common';

/**
 * THC, CBD and total cannabinoids on a label: their keys in every printed form, and the reading
 * of a figure with its unit (`%`, `mg/g`, `mg`).
 */

export const NUM = String.raw`(\d{1,3}(?:[.,]\d{1,3})?)`;
// "mg/g" also with its slash read as a letter or bar ("774 mglg", "9 mgig", "3mg|g": Canadian labels print every figure in mg/g).
const MG_G = String.raw`mg\s?[/|lIi1]\s?g(?![a-z])`;
const UNIT = String.raw`(%|${MG_G}|mg)`;
// Units: "%", "mg/g" (per gram of product: ÷ 10 is the percentage) or "mg" (an edible's content).
// After "Total", "THE" is THC with its C read as E ("Total THE 18.9%").
// A bilingual key repeats itself after a slash ("Total THC / THC total 19.8 %", Canadian labels): `BILINGUAL`;
// the French order alone ("THC total 19.8 %", the slash read as a column rule) is a total key too.
// No "<" between a key and its figure: "< 0.5 %" is a limit, not a figure.
export const BILINGUAL = (c: string) => String.raw`(?:\s*[/|]\s*${c}\s+total)?`;
// "Total THC per package  80 mg" (an edible's facts panel): the key's own per-what.
const PER = String.raw`(?:\s+per\s+(?:package|pkg|container|pack|serving|unit|piece))?`;
export const TOTAL_THC = new RegExp(String.raw`(?:\btota[l1]\s*(?:THC|THE|A9-?THC|Δ9-?THC)\b${BILINGUAL('THC')}|\bTHC\s+total\b)${PER}[^0-9\n<]{0,12}${NUM}\s*${UNIT}`, 'i');
// The plain keys take no "<" before their figure either: "CBD <1%*" (a brand's typical figure, below a limit) is no CBD figure.
export const THC = new RegExp(String.raw`\b(?:Δ9-?|d9-?|delta[- ]?9[- ]?)?THC\b(?!\s*-?a\b)[^0-9\n%<]{0,10}${NUM}\s*${UNIT}`, 'i');
export const TOTAL_CBD = new RegExp(String.raw`(?:\btota[l1]\s*CBD\b${BILINGUAL('CBD')}|\bCBD\s+total\b)${PER}[^0-9\n<]{0,12}${NUM}\s*${UNIT}`, 'i');
// A total printed as below the lab's limit ("Total CBD / CBD total < 0.5 %", "Total THC: ND"): no figure, and the plain key's figure (Δ9 only) is not the total either.
export const BELOW_LIMIT = (c: string) =>
  new RegExp(String.raw`(?:\btota[l1]\s*${c}\b${BILINGUAL(c)}|\b${c}\s+total\b)\s*:?\s*(?:<\s?(?:\d|LO[QD])|ND\b|N\/D\b|BLQ\b|not\s+detected)`, 'i');
export const CBD = new RegExp(String.raw`\bCBD\b(?!\s*-?a\b)[^0-9\n%<]{0,10}${NUM}\s*${UNIT}`, 'i');
// "TAC" / "Total Active Cannabinoids" is the total cannabinoids' other printed name; "TOT CANN:" its
// abbreviation on small printers' labels (a dot font's N read as M: "TOT CAMM"), "TOTAL CANN." a table's (also run together).
// (A milligram figure between the key and its percentage, "Total Cannabinoids  10.3 mg  0.21%", is passed over.)
export const TOTAL_CANN = new RegExp(
  String.raw`(?:\btota[l1]\s+(?:active\s+)?cannabinoids?|\bTAC|\btot\.?\s+ca[nm][nm](?=\s*:)|\btot(?:a[l1])?\.?\s*ca[nm][nm](?=\.))\b[^0-9\n]{0,12}(?:\d{1,4}(?:[.,]\d{1,3})?\s*mg\b[^0-9\n]{0,24})?${NUM}\s*(%|${MG_G})`,
  'i',
);
// A key followed by its own value (a figure, or ND / <LOQ: not detected; "< 0.5 %": below a limit) is not a sentence's key.
export const OWN_VALUE = String.raw`(?![ \t]*:?[ \t]*(?:\d|ND\b|N\/D\b|<[ \t]?(?:LO[QD]|\d)))`;
// The value before its key, in a sentence: "24.1% THC, 0.3% CBD, 26.8% total cannabinoids" (not
// "22.4% CBD: 1.1%", where the figure is the THC before a keyed CBD). Same line only.
export const THC_AFTER = new RegExp(String.raw`${NUM}[ \t]*(%)[ \t]+(?:total[ \t]+)?THC\b(?![ \t]*-?a\b)${OWN_VALUE}`, 'i');
export const CBD_AFTER = new RegExp(String.raw`${NUM}[ \t]*(%)[ \t]+(?:total[ \t]+)?CBD\b(?![ \t]*-?a\b)${OWN_VALUE}`, 'i');
export const CANN_AFTER = new RegExp(String.raw`${NUM}[ \t]*(%)[ \t]+total[ \t]+cannabinoids?\b${OWN_VALUE}`, 'i');

export function num(s: string): number {
  return Number(s.replace(',', '.'));
}

export function pct(m: RegExpExecArray | null): { pct: number | null; mg: number | null } {
  if (!m) return { pct: null, mg: null };
  // A figure starting with a zero lost its point ("CBD:02%" for 0.2 %): no figure is printed with a leading zero.
  const v = /^0\d/.test(m[1]) ? Number(`0.${m[1].slice(1)}`) : num(m[1]);
  const unit = m[2].toLowerCase().replace(/\s/g, '');
  if (/^mg.g$/.test(unit)) return { pct: v <= 1000 ? round2(v / 10) : null, mg: null };
  if (unit === 'mg') return { pct: null, mg: v };
  return { pct: v <= 100 ? v : null, mg: null };
}

/** Milligrams per package: `100mg per package`, `100 mg/pkg`, and the key's order `per package  80 mg`. */
const PACK_MG = new RegExp(String.raw`${NUM}\s*mg\s*(?:per|\/)\s*(?:package|pkg|container|pack)\b`, 'i');
const PER_PACK_MG = new RegExp(String.raw`\bper\s+(?:package|pkg|container|pack)\b[^0-9\n]{0,12}${NUM}\s*mg\b`, 'i');
/** A percentage after a row's milligrams (`sharePct`). */
const SHARE_PCT = new RegExp(String.raw`^[^0-9\n%]{0,40}?${NUM}\s*%`);

/**
 * THC or CBD: the total's key first (every line it is on: an edible prints `Total THC: 10mg per
 * serving | 100mg per package` and its table `Total THC  0.20%`), then the value before its key
 * in a sentence, then the plain key. The percentage from the first reading that has one;
 * milligrams per package (or container) before per serving.
 */
export function potency(text: string, total: RegExp, after: RegExp, plain: RegExp, below?: RegExp): { pct: number | null; mg: number | null } {
  const totals: { pct: number | null; mg: number | null }[] = [];
  let packMg: number | null = null;
  for (const line of text.split('\n')) {
    const m = total.exec(line);
    if (!m) continue;
    totals.push(pct(m));
    const pack = PACK_MG.exec(line) ?? PER_PACK_MG.exec(line);
    if (pack && packMg === null) packMg = num(pack[1]);
  }
  if (!totals.length && below?.test(text)) return { pct: null, mg: null };
  const plainRead = after.exec(text) ?? plain.exec(text);
  const first = totals[0] ?? pct(plainRead);
  // A facts panel's row "THC  5 mg  0.10%": milligrams per serving, then the share by weight.
  const rowPct = plainRead && !totals.some((t) => t.pct !== null) ? sharePct(plainRead) : null;
  // A cartridge's row "THC  85.5%  | 855 mg": the share, then the milligrams of the unit.
  const read = totals.length ? total.exec(text) : plainRead;
  const rowMg = read ? shareMg(read) : null;
  return { pct: totals.find((t) => t.pct !== null)?.pct ?? first.pct ?? rowPct, mg: packMg ?? totals.find((t) => t.mg !== null)?.mg ?? first.mg ?? rowMg };
}

/** Milligrams right after a percentage reading, behind a separator at most (`85.5%  | 855 mg`, `85.5% (855 mg)`); not mg/g, not per serving. */
const AFTER_MG = new RegExp(String.raw`^\s*[|/·•,(-]?\s*${NUM}\s*mg\b(?!\s*[/|]\s*g)(?!\s*(?:per|\/)\s*serving)`, 'i');
function shareMg(m: RegExpExecArray): number | null {
  if (m[2] !== '%') return null;
  const a = AFTER_MG.exec(m.input.slice(m.index + m[0].length).split('\n')[0]);
  return a ? num(a[1]) : null;
}

/** The percentage printed after a milligram reading on its own line (`THC 5 mg   0.10%`); null when none. */
function sharePct(m: RegExpExecArray): number | null {
  if (m[2].toLowerCase() !== 'mg') return null;
  const rest = m.input.slice(m.index + m[0].length).split('\n')[0];
  const p = SHARE_PCT.exec(rest);
  return p && num(p[1]) <= 100 ? num(p[1]) : null;
}
