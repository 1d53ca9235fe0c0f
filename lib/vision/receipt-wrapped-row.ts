import { letters, moneyOn, NAME_MIN_CONF, parseWeightGrams, type MoneyHit } from '@/lib/vision/parse-common';
import { splitLine, type Pending } from '@/lib/vision/receipt-lines';
import { isBrandKindSize } from '@/lib/vision/receipt-strain-over';

/** A printed name's last line: it ends with the weight ("Cartridge .5g", "Diamonds 2g"). */
export function endsWithWeight(line: string): boolean {
  const w = parseWeightGrams(line, { allowTrailingNine: true });
  return w !== null && letters(line.slice(w.end)) <= 2 && !/\d/.test(line.slice(w.end));
}

/** A waiting name with the mean word confidence (0..100) of its row, when the reading has word boxes. */
export type WordPending = Pending & { conf?: number };

/**
 * The start of a name wrapped at the paper's width: two words or more, 15 characters or more,
 * letters and name marks only (no figure: an address or a code line is none).
 */
export function longNameStart(name: string): boolean {
  const t = name.trim();
  return t.length >= 15 && t.split(/\s+/).length >= 2 && /^[A-Za-z][A-Za-z' .&/-]*$/.test(t);
}

/**
 * A wrapped row's second line without a speck the photo left at the paper's edge before it (`B
 * cart 1g`): a lone character, no figure and no word of one letter a name may go on with (`A`,
 * `I`, `&`), before a word. Any other line as it is.
 */
export function withoutLeadSpeck(line: string): string {
  return line.trimStart().replace(/^[^\s\dAaI&]\s+(?=\p{L})/u, '');
}

/**
 * A table row whose name wrapped (issue 14, fifteenth receipt round): a long name's start stands
 * alone on one line and the rest, ending with the weight, on the next with the row's figures
 * (`PurLife Green Crack Premium` / `Whole Flower 7g   1.00   $66.69   $66.69`). Under a table's
 * header row, a name line with no weight right above a row whose name cell ends with one is that
 * row's name start: the row is read with the two joined (its line, cells and prices). Null when the
 * line is not such a row.
 */
export function wrappedRow(
  line: string,
  cells: ReturnType<typeof splitLine>['cells'],
  pending: WordPending | null,
  pendingIsLineAbove: boolean,
  header: string[] | null,
  usesDollar: boolean,
): { line: string; cells: ReturnType<typeof splitLine>['cells']; prices: MoneyHit[] } | null {
  if (!pending || !pendingIsLineAbove || pending.details || pending.discount !== undefined) return null;
  // A row the photo garbled (`Vickat spouse oo oo co BeGenER JY`, its words read at 0–43) is no name's start (twenty-fourth round, follow-up).
  if ((pending.conf ?? 100) < NAME_MIN_CONF) return null;
  if (!(header && header.length >= 3) && !longNameStart(pending.name)) return null;
  if (parseWeightGrams(pending.name, { allowTrailingNine: true }) || /[:@$]/.test(pending.name)) return null;
  const cell = cells.length >= 2 && (cells[0].kind === 'text' || cells[0].kind === 'category') ? cells[0].text : '';
  if (isBrandKindSize(cell)) return null;
  // A row led by its quantity (`1 Y Griega Flower 14g   $105.00`) starts its own name: the line above is no start of it (twenty-fourth round; not `2 x 0.5g`, a pack).
  if (/^\s*\d{1,2}\s+(?![x×]\s)[A-Za-z]/i.test(cell)) return null;
  const w = parseWeightGrams(cell, { allowTrailingNine: true });
  if (!w || /[A-Za-z]{2}/.test(cell.slice(w.end)) || /\$/.test(cell)) return null;
  const row = splitLine(`${pending.name.trim()} ${withoutLeadSpeck(line)}`);
  return { ...row, prices: moneyOn(row.line).filter((m) => !usesDollar || m.hasSign) };
}
