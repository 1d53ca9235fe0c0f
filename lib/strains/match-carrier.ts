/**
 * An oil or tincture named by the strain it is made from, the carrier first and no separator
 * ('Cannabis Infused MCT Oil White Widow', 'Medical Cannabis Infused MCT Oil Durban Poison';
 * blind-8, docs/matching.md). Edibles name a strain only in a segment of their own
 * ('MCT Tincture – Cannatonic'), since their other words are a flavour ('Watermelon Gummies'); an
 * extract in a carrier has no flavour, and the words after the carrier are the strain. A flavour
 * name there stays unmatched as everywhere in edibles (match-decide.ts).
 */
import type { CatalogIndex, IndexedName } from '@/lib/strains/match-index';
import { bestEntry } from '@/lib/strains/match-edges';
import { isFlavourName } from '@/lib/strains/match-flavour';
import { cleanWords, stripFormWords } from '@/lib/strains/match-noise';
import { slugify } from '@/lib/strains/slug';

/** The carrier, after any of 'medical', 'cannabis', 'infused', 'full spectrum', 'thc', 'cbd'. */
const CARRIER_LEAD_RE = /^((medical|cannabis|infused|full spectrum|thc|cbd)\s+)*(mct oil|mct tincture|coconut oil|olive oil|tincture|oil|rso|feco)\s+(?<rest>\S.*)$/;

/** The words after a leading carrier, sizes and form words removed; null when the name does not start with one. */
export function afterCarrier(rawName: string): string | null {
  const m = CARRIER_LEAD_RE.exec(rawName.toLowerCase().replace(/\s+/g, ' ').trim());
  if (!m?.groups) return null;
  const rest = stripFormWords(cleanWords(m.groups.rest)).full.join(' ');
  return /\p{L}{3}/u.test(rest) ? rest : null;
}

/** The catalog strain (by name, then slug) the words after a leading carrier name, unless they are a flavour. */
export function carrierStrain(index: CatalogIndex, rawName: string): { pass: 'exact' | 'slug'; entry: IndexedName } | null {
  const rest = afterCarrier(rawName);
  if (!rest || isFlavourName(rest)) return null;
  const exact = bestEntry(index.exact(rest));
  if (exact) return { pass: 'exact', entry: exact };
  const slug = bestEntry(index.slug(slugify(rest)));
  return slug ? { pass: 'slug', entry: slug } : null;
}
