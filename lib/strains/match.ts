/**
 * Menu products to catalog strains (specification, "Matching rules"; docs/matching.md).
 *
 * The passes run in process against an index of the catalog's names (match-index.ts) that is
 * rebuilt when the catalog version moves. A menu costs one statement: the matched strains' rows
 * read together with the catalog version; when that version is not the one the index was built
 * under, the index is rebuilt and the menu decided again.
 */
import type { Queryable } from '@/lib/db';
import { decideMatches, type Decision, type MatchConfidence, type MatchInput, type MatchPass } from '@/lib/strains/match-decide';
import { guessIndex, indexFor } from '@/lib/strains/match-index';
import { makerLexiconFor } from '@/lib/strains/match-maker';
import { readStrainsWithStamp } from '@/lib/strains/repo';
import type { Strain } from '@/lib/strains/types';

export { confidenceFor, TRIGRAM_MEDIUM, TRIGRAM_MIN, type MatchConfidence, type MatchInput, type MatchPass } from '@/lib/strains/match-decide';
export { normalizeCandidates, normalizeProductName, productKind } from '@/lib/strains/normalize';
export { clearMatchIndex } from '@/lib/strains/match-index';
export { clearMakerLexicons } from '@/lib/strains/match-maker';

export interface MatchResult {
  input: string;
  cleaned: string;
  pass: MatchPass | null;
  similarity: number | null;
  confidence: MatchConfidence | null;
  strain: Strain | null;
}

/** A catalog write between building the index and reading the rows: decide again, at most this often. */
const MAX_ATTEMPTS = 3;
/** Strain rows kept per catalog version (the catalog holds ~5,000; a row is ~1 KB). */
const MAX_CACHED_STRAINS = 2000;

/**
 * Match many product names to catalog strains: exact canonical name (aliases count), then slug,
 * then trigram similarity; first pass wins. Results keep the input order.
 */
export async function matchProducts(db: Queryable, items: Array<string | MatchInput>): Promise<MatchResult[]> {
  const inputs: MatchInput[] = items.map((it) => (typeof it === 'string' ? { name: it } : { name: String(it?.name ?? ''), category: it?.category, brand: it?.brand }));
  let cached = guessIndex() ?? (await indexFor(db));
  // The makers the scanned menus taught (read again at most once a minute, or after a write).
  let makers = await makerLexiconFor(db, cached.stamp.instance);
  for (let attempt = 1; ; attempt++) {
    const decisions = decideMatches(cached.index, inputs, makers);
    const ids = [...new Set(decisions.map((d) => d.entry?.strainId).filter((x): x is string => Boolean(x)))];
    // The version is read in the same statement as the rows the cache lacks (often none).
    const { stamp, strains } = await readStrainsWithStamp(
      db,
      ids.filter((id) => !cached.strains.has(id)),
    );
    // Inside a transaction that wrote the catalog, only an index built in it (never cached) will do.
    const current = stamp.instance === cached.stamp.instance && stamp.version === cached.stamp.version && (!stamp.ownWrite || cached.stamp.ownWrite);
    if (current || attempt >= MAX_ATTEMPTS) {
      if (current) for (const [id, s] of strains) if (cached.strains.size < MAX_CACHED_STRAINS) cached.strains.set(id, s);
      const rows = new Map([...ids].map((id) => [id, strains.get(id) ?? cached.strains.get(id)] as const).filter((e): e is [string, Strain] => Boolean(e[1])));
      return inputs.map((m, i) => toResult(m.name, decisions[i], rows));
    }
    cached = await indexFor(db, stamp);
    // The guessed index may have been another database's: its makers are then that one's too.
    makers = await makerLexiconFor(db, stamp.instance);
  }
}

function toResult(input: string, d: Decision, strains: Map<string, Strain>): MatchResult {
  const row = d.entry?.strainId ? strains.get(d.entry.strainId) : undefined;
  // A copy: the cached row is shared by every menu.
  const strain = row ? { ...row } : null;
  if (!strain) return { input, cleaned: d.cleaned, pass: null, similarity: null, confidence: null, strain: null };
  return { input, cleaned: d.cleaned, pass: d.pass, similarity: d.similarity, confidence: d.confidence, strain };
}
