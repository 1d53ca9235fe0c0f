/**
 * Spanish on a label (issue 14, fifteenth label round: a Puerto Rico medical label whose keys are
 * `Spanish / English`, its type, form and terpenes in Spanish, its dates with Spanish months).
 * Each row is read as the English the parser knows: a Spanish key followed by its English
 * translation after a slash (`Fecha de cosecha / Harvest date`) leaves the English one; a
 * Spanish key or word alone is put into English (`Laboratorio` → `Laboratory`, `β-Mirceno` →
 * `β-Myrcene`, `Híbrida` → `Hybrid`); `10 de abril de 2026` and `15-jun-2026` become `Apr 10,
 * 2026` and `Jun 15, 2026`. Only whole words that no English label prints are touched.
 */

/** Spanish keys and words (patterns, accents optional as OCR drops them) and their English. */
const WORDS: readonly [string, string][] = [
  ['fecha\\s+de\\s+cosecha', 'Harvest date'],
  ['fecha\\s+de\\s+(?:empaque|envasado|empacado|empaquetado)', 'Packaged'],
  ['fecha\\s+de\\s+(?:an[aád]lisis|prueba)', 'Test date'],
  ['fecha\\s+de\\s+(?:vencimiento|caducidad|expiraci[oó]n)', 'Expires'],
  ['peso\\s+neto', 'Net Wt'],
  ['laboratorio', 'Laboratory'],
  ['lote', 'Lot'],
  ['variedad', 'Strain'],
  ['terpenos', 'Terpenes'],
  ['cannabinoides\\s+totales', 'Total Cannabinoids'],
  ['h[ií]brid[ao]', 'Hybrid'],
  ['[ií]ndica', 'Indica'],
  // Terpenes (after a prefix such as β- or α-, kept).
  ['mirceno', 'Myrcene'],
  ['limoneno', 'Limonene'],
  ['cariofileno', 'Caryophyllene'],
  ['pineno', 'Pinene'],
  ['linalol', 'Linalool'],
  ['humuleno', 'Humulene'],
  ['terpinoleno', 'Terpinolene'],
  ['ocimeno', 'Ocimene'],
];

// A Spanish word followed by its English after a slash (read as `/`, `|`, or `I` / `l` between spaces).
const SLASH = '(?:\\s*[/|]\\s*|\\s+[Il1]\\s+)(?=[A-Za-z])';
const RULES = WORDS.map(([es, en]) => ({ re: new RegExp(`(?<![A-Za-zÀ-ÿ])(?:${es})(?![A-Za-zÀ-ÿ])(${SLASH})?`, 'gi'), en }));

const MONTHS: Record<string, string> = {
  ene: 'Jan',
  feb: 'Feb',
  mar: 'Mar',
  abr: 'Apr',
  may: 'May',
  jun: 'Jun',
  jul: 'Jul',
  ago: 'Aug',
  sep: 'Sep',
  set: 'Sep',
  oct: 'Oct',
  nov: 'Nov',
  dic: 'Dec',
};
// `10 de abril de 2026`, `15-jun-2026`, `1 sept. 2026` (day first, a Spanish month, the year).
const DATE =
  /\b(\d{1,2})\s*(?:[-/.]\s*|\s+de\s+|\s+)(ene(?:ro)?|feb(?:rero)?|mar(?:zo)?|abr(?:il)?|may(?:o)?|jun(?:io)?|jul(?:io)?|ago(?:sto)?|sept?(?:iembre)?|set(?:iembre)?|oct(?:ubre)?|nov(?:iembre)?|dic(?:iembre)?)\.?\s*(?:[-/.,]\s*|\s+de(?:l)?\s+|\s+)(\d{4})\b/gi;

/** A date with a Spanish month (day first) as `Mon D, YYYY`; other text as it is. */
export function spanishDates(line: string): string {
  return line.replace(DATE, (_, d: string, m: string, y: string) => `${MONTHS[m.slice(0, 3).toLowerCase()]} ${Number(d)}, ${y}`);
}

/** A label row with its Spanish keys, words and dates in English (see the module's comment). */
export function fromSpanish(line: string): string {
  let out = spanishDates(line);
  let bilingual = false;
  for (const { re, en } of RULES)
    out = out.replace(re, (word: string, slash: string | undefined, at: number, whole: string) => {
      // A word English spells the same (`Indica`) before a slash or bar is English too unless the
      // same word follows (`Índica / Indica`): `Indica | Pre-Roll` keeps its type.
      const bare = word.slice(0, word.length - (slash?.length ?? 0));
      const same =
        bare
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase() === en.toLowerCase();
      if (
        slash &&
        same &&
        !whole
          .slice(at + word.length)
          .toLowerCase()
          .startsWith(en.toLowerCase())
      )
        return `${en}${slash}`;
      bilingual ||= Boolean(slash);
      return slash ? '' : en;
    });
  // A bracket or brace read at the row's edge before a bilingual key (`[Laboratorio / Laboratory`) goes with it.
  return bilingual ? out.replace(/^[\s[{(|]+(?=[A-Za-z])/, '') : out;
}
