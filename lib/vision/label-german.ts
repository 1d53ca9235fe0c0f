/**
 * German on a label (issue 14, eighteenth label round: a German pharmacy's label for medical
 * cannabis). Each row is read as the English the parser knows: German keys become English keys
 * (`Hersteller:` → `Manufacturer:`, `Ch.-B.:` → `Batch:`, `Prüfdatum:` → `Test date:`), the
 * strain type `Hybride` → `Hybrid`, a category heading alone on its row (`Medizinal-
 * Cannabisblüten`, `Cannabisextrakt zur Inhalation`) → `Medical Cannabis` (no product's name), and
 * on a row with a German key the dotted date is day first (`10.05.2026` → `2026-05-10`), as it
 * is wherever its first number is over 12. OCR drops the umlauts (`Abgefillt`, `Prifdatum`), so
 * an umlaut may be read as its vowel, `i`, `ii` or `ue`. Only whole words no English label prints.
 */

const U = '(?:ü|ue|u|i|ii|li)';
/** German keys (patterns) and their English; the short common words only as keys (a colon after them). */
const KEYS: readonly [string, string][] = [
  ['sorte(?=\\s*:)', 'Strain'],
  ['hersteller|pha?r?m(?:\\.|azeutischer)?\\s*unternehmer|inverkehrbringer', 'Manufacturer'],
  ['gesamt-?\\s?cannabinoide|cannabinoide\\s+(?:ges\\.|gesamt)|summe\\s+cannabinoide', 'Total Cannabinoids'],
  [`netto-?\\s?menge|f${U}llmenge|nettogewicht|(?:inhalt|menge|gewicht)(?=\\s*:)`, 'Net Wt'],
  ['ch\\.?\\s?-?\\s?b\\.?(?=\\s*:)|chargen-?\\s?(?:nr\\.?|nummer|bezeichnung)|charge(?=\\s*:)', 'Batch'],
  ['e(?:rn|m)te(?:datum)?(?=\\s*[:.])|e(?:rn|m)tedatum|geerntet\\s+am', 'Harvest date'],
  [`abgef${U}llt\\s+am|verpackt\\s+am|abf${U}lldatum|verpackungsdatum`, 'Packaged'],
  [`pr${U}fdatum|analysedatum|gepr${U}ft\\s+am|analysiert\\s+am`, 'Test date'],
  [`pr${U}flabor(?:atorium)?|analyselabor|labor(?=\\s*:)`, 'Laboratory'],
  ['verwendbar\\s+bis|haltbar\\s+bis|verfallsdatum', 'Expires'],
];
/** German words that are no key (kept without a colon). */
const WORDS: readonly [string, string][] = [['hybride', 'Hybrid']];
// A key takes the colon OCR read as a point or semicolon (`Analyselabor.  ProVerde Labs`) and gives its English one.
const RULES = [
  ...KEYS.map(([de, en]) => ({ re: new RegExp(`(?<![A-Za-zÀ-ÿ-])(?:${de})(?![A-Za-zÀ-ÿ])(?:\\s*[:.;](?!\\d))?`, 'gi'), en: `${en}:` })),
  ...WORDS.map(([de, en]) => ({ re: new RegExp(`(?<![A-Za-zÀ-ÿ-])(?:${de})(?![A-Za-zÀ-ÿ])`, 'gi'), en })),
];

/** A German heading naming the kind of cannabis, alone on its row. */
const HEADING = new RegExp(
  `^\\s*(?:medizinal-?\\s?)?cannabis(?:-?\\s?bl${U}ten|-?\\s?extrakt)?(?:\\s*,?\\s*(?:getrocknet|zur\\s+inhalation|unzerkleinert|gemahlen|f${U}r\\s+medizinische\\s+zwecke))*\\s*$`,
  'i',
);

/** `dd.mm.yyyy` (or `dd.mm.yy`) as ISO, day first; null when not a date. */
function dayFirst(d: string, m: string, y: string): string | null {
  const day = Number(d);
  const month = Number(m);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const year = y.length === 2 ? `20${y}` : y;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DOTTED = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d.])/g;

/** A label row with its German keys and words in English, its dotted dates day first (see the module's comment). */
export function fromGerman(line: string): string {
  if (HEADING.test(line)) return 'Medical Cannabis';
  let german = false;
  let out = line;
  for (const { re, en } of RULES)
    out = out.replace(re, () => {
      german = true;
      return en;
    });
  return out.replace(DOTTED, (m, d: string, mo: string, y: string) => (german || Number(d) > 12 ? (dayFirst(d, mo, y) ?? m) : m));
}
