import { withMinusBack } from '@/lib/vision/receipt-minus-slips';
/**
 * Product-form words of receipt item lines as OCR misreads them on blurred photos and in faces the
 * engine was not drawn in (`Vape Cantnidge`, `Lemon Cake Shatier`, `Pre-Rolis`): the word is put
 * back when it is one or two OCR confusions (i/l/t/1, r/n, n/m, c/e, o/0/d, s/5, u/v, h/b, g/9)
 * away from exactly one form word, and is no form word itself. Such a word then names the
 * product's form for its category and strain (the strain before it, the form after it), and the
 * name reads as printed.
 *
 * Only letter words of five letters or more are looked at; one letter off is accepted only as a
 * confusion of that kind (two in words of eight letters or more), and a letter more or less only
 * as a pair read as one letter (`rn` ↔ `m`): `Tropical` is no `Topical`.
 * Strain-name words close to a form word are form words of their own here (`Diamond`, `Roll`).
 */
const FORM_WORDS = [
  'cartridge',
  'cartridges',
  'shatter',
  'diamond',
  'diamonds',
  'disposable',
  'disposables',
  'rolls',
  'preroll',
  'prerolls',
  'gummies',
  'gummy',
  'chocolate',
  'chocolates',
  'concentrate',
  'concentrates',
  'flower',
  'flowers',
  'resin',
  'rosin',
  'badder',
  'batter',
  'budder',
  'crumble',
  'distillate',
  'tincture',
  'capsule',
  'capsules',
  'infused',
  'indica',
  'sativa',
  'hybrid',
  'whole',
  'ground',
  'smalls',
  'shake',
  'sauce',
  'sugar',
  'edible',
  'edibles',
  'beverage',
  'topical',
  'battery',
  'popcorn',
  'premium',
  'blunt',
  'blunts',
];
const LEXICON = new Set(FORM_WORDS);

const CONFUSIONS = ['il1t!|jf', 'rn', 'nm', 'ce', 'o0dq', 's5', 'uv', 'hbk', 'g9q'];
const confusable = (a: string, b: string) => a === b || CONFUSIONS.some((g) => g.includes(a) && g.includes(b));

/** Substitutions between two words of one length: null when one is no confusion. */
function confusions(a: string, b: string): number | null {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!confusable(a[i], b[i])) return null;
    n++;
  }
  return n;
}

/** Letter pairs OCR reads as one letter and back (`rn` ↔ `m`, `ri` ↔ `n`, `cl` → `d`, `vv` → `w`). */
const SPLITS: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/m/g, 'rn'],
  [/ri/g, 'n'],
  [/n/g, 'ri'],
  [/cl/g, 'd'],
  [/vv/g, 'w'],
];

/** The form word a misread word stands for, or null. */
export function formWordFor(word: string): string | null {
  const w = word.toLowerCase();
  if (w.length < 5 || !/^[a-z0-9!|]+$/.test(w) || !/^[a-z]/.test(w) || LEXICON.has(w)) return null;
  const hits = new Set<string>();
  // Only confusions, never a letter more or less of any kind ('Tropical' is no 'Topical').
  const variants = [w, ...SPLITS.map(([re, to]) => w.replace(re, to)).filter((v) => v !== w)];
  for (const f of FORM_WORDS)
    for (const v of variants) {
      if (v.length !== f.length) continue;
      const c = confusions(v, f);
      const limit = v.length >= 8 ? 2 : 1;
      if (c !== null && (v === w ? c >= 1 : c >= 0) && c <= limit) hits.add(f);
    }
  return hits.size === 1 ? [...hits][0] : null;
}

/** The word in the case it was printed in (all capitals, capitalised, or lower case). */
function inCase(printed: string, word: string): string {
  if (printed === printed.toUpperCase()) return word.toUpperCase();
  if (printed[0] === printed[0].toUpperCase()) return word[0].toUpperCase() + word.slice(1);
  return word;
}

/** A receipt line with its misread form words put back (`Happy - Pink Rozay Vape Cantnidge 1.2g` → `… Vape Cartridge 1.2g`). */
export function repairFormWords(line: string): string {
  // (And a minus read as `~` or `«` before an amount put back, receipt-minus-slips.ts.)
  // (And an I read as l between capitals, `AlO Vape` for `AIO Vape`: no word is spelt so.)
  return withMinusBack(line)
    .replace(/\b([A-Z]+)l(?=[A-Z]+\b)/g, '$1I')
    .replace(/(?<![\w$.])[A-Za-z][A-Za-z0-9!|]{4,}(?![\w.])/g, (word) => {
      const f = formWordFor(word);
      return f ? inCase(word, f) : word;
    });
}
