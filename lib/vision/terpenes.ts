/**
 * Terpene names as printed on labels (with alpha/beta prefixes and OCR slips) → the catalog's
 * lower-case canonical names ('b-Myrcene' → 'myrcene'): one vocabulary with the catalog and the
 * notebooks (KNOWN_TERPENES), which is pure data and safe to import here.
 */
import { KNOWN_TERPENES } from '@/lib/strains/terpenes';
import { levenshtein } from '@/lib/strains/edit-distance';

/**
 * Terpenes that labels print but the catalog does not profile (no aroma/effect data to keep):
 * recognised so a terpene table is read whole, then reported under these names.
 */
const LABEL_ONLY = ['pulegone', 'isopulegol', 'cymene'] as const;

/** The catalog's vocabulary (lib/strains/terpenes.ts), plus the label-only names. */
const CANONICAL: readonly string[] = [...KNOWN_TERPENES, ...LABEL_ONLY];
/** The terpenes that lead cannabis profiles (labels' top three are nearly always among them). */
const MAJOR: readonly string[] = ['myrcene', 'limonene', 'caryophyllene', 'pinene', 'terpinolene', 'linalool', 'humulene', 'ocimene', 'bisabolol'];

/** Canonical terpene name for a printed one, tolerating one or two OCR slips; null if none. */
export function terpeneName(printed: string): string | null {
  let s = printed
    .toLowerCase()
    .replace(/[^a-z\s-]/g, ' ')
    // Prefixes: alpha-/beta-/trans-, and the Greek letter as OCR reads it (one or two characters: "B-", "PB-", "a-").
    .replace(/\b(alpha|beta|trans|cis|delta|gamma|[a-z0-9]{1,2})\s*-\s*|\b(alpha|beta|trans|cis|delta|gamma)\s+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length < 4) return null;
  if (s === 'caryophyllene oxide' || /caryophyl+ene\s+ox/.test(s)) return 'caryophyllene oxide';
  s = s.replace(/\s+/g, '');
  let best: string | null = null;
  let bestD = Infinity;
  for (const name of CANONICAL) {
    const d = levenshtein(s, name.replace(/\s+/g, ''));
    if (d < bestD) {
      bestD = d;
      best = name;
    }
  }
  return best && bestD <= (s.length >= 8 ? 2 : 1) ? best : null;
}

/**
 * A terpene's abbreviation, as dense compliance blocks print them on a terpene row (`Terps: β-Myr
 * 0.82%  Lim 0.41%  BCP 0.22%`): `BCP` (β-caryophyllene), else the first three or more letters
 * of exactly one name (after an α/β/d prefix; `Caryo` is caryophyllene, not its oxide). Only for
 * rows keyed as terpenes: elsewhere three letters are too little to go on. Null when ambiguous
 * (`Terp`: terpinolene or terpineol).
 */
export function terpeneAbbreviation(printed: string): string | null {
  const s = printed
    .toLowerCase()
    .replace(/^\s*(?:alpha|beta|trans|cis|delta|gamma|[a-zαβγδ]{1,2})\s*-\s*/, '')
    .replace(/[^a-z]/g, '');
  if (s === 'bcp') return 'caryophyllene';
  if (s.length < 3) return null;
  const hits = CANONICAL.map((n) => n.replace(/\s+/g, '')).filter((n) => n.startsWith(s));
  const shortest = hits.sort((a, b) => a.length - b.length)[0];
  if (shortest && hits.every((h) => h.startsWith(shortest))) return CANONICAL.find((n) => n.replace(/\s+/g, '') === shortest) ?? null;
  // Between a major cannabis terpene and minor ones, the major one (`Terpin`: terpinolene, not terpineol).
  const major = hits.filter((h) => MAJOR.includes(h));
  return major.length === 1 ? major[0] : null;
}
