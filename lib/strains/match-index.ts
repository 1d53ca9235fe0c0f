/**
 * In-process index of the catalog's matchable names (issue 15): canonical names and aliases, their
 * slugs, and pg_trgm trigram sets with an inverted index, plus the universe names the catalog
 * lacks. Built once per catalog version and shared by every match, so a menu costs one round trip
 * (the matched rows and the version, together) instead of one statement per pass.
 */
import type { Queryable } from '@/lib/db';
import { readCatalogNames, readCatalogStamp, type CatalogNameRow, type CatalogStamp, type UniverseNameRow } from '@/lib/strains/repo';
import { compactKey, compactOfSlug, slugify } from '@/lib/strains/slug';
import { trigramRatio, trigrams, type TrigramWordMode } from '@/lib/strains/match-trigram';
import type { Strain } from '@/lib/strains/types';

/** The trigram pass's threshold: nothing at or below it can match (match-decide.ts TRIGRAM_MIN). */
const MIN_SIMILARITY = 0.4;

export interface IndexedName {
  name: string;
  slug: string;
  /** null for a universe name the catalog does not hold. */
  strainId: string | null;
  strainSlug: string | null;
  isAlias: boolean;
  popularity: number;
  /** The strain's CBD is at least its THC (see cbdVersionOf in match-decide.ts). */
  cbdRich?: boolean;
}

export interface Nearest {
  entry: IndexedName;
  /** float4 similarity as pg_trgm computes it (not yet rounded). */
  raw: number;
}

export class CatalogIndex {
  readonly names: IndexedName[] = [];
  private readonly byName = new Map<string, number[]>();
  private readonly bySlug = new Map<string, number[]>();
  private readonly byCompact = new Map<string, number[]>();
  private readonly byInitials = new Map<string, number[]>();
  private readonly byAndless = new Map<string, number[]>();
  private readonly universeSlugs = new Set<string>();
  private readonly universeNames = new Set<string>();
  /** Words of every known strain name (catalog and universe) → how many names use them. */
  private readonly vocabulary = new Map<string, number>();
  /** The same over the curated catalog only (the universe lists misspellings as names). */
  private readonly catalogVocabulary = new Map<string, number>();
  private readonly trigramIds = new Map<string, number>();
  private readonly sizes: Int32Array;
  private readonly postings: Int32Array[];
  /** Scratch space of one lookup: shared-trigram counts per name and the names touched. */
  private readonly counts: Int32Array;
  private readonly touched: Int32Array;

  constructor(
    catalog: CatalogNameRow[],
    universe: UniverseNameRow[],
    readonly mode: TrigramWordMode = 'unicode',
  ) {
    const lists: number[][] = [];
    const sizes: number[] = [];
    const add = (e: IndexedName) => {
      const i = this.names.push(e) - 1;
      const tri = trigrams(e.name, mode);
      sizes.push(tri.length);
      for (const t of tri) {
        let id = this.trigramIds.get(t);
        if (id === undefined) {
          id = lists.push([]) - 1;
          this.trigramIds.set(t, id);
        }
        lists[id].push(i);
      }
      for (const w of new Set(e.name.split(/[^\p{L}\p{N}']+/u).filter(Boolean))) {
        this.vocabulary.set(w, (this.vocabulary.get(w) ?? 0) + 1);
        if (e.strainId) this.catalogVocabulary.set(w, (this.catalogVocabulary.get(w) ?? 0) + 1);
      }
      return i;
    };
    const withThe: [string, number][] = [];
    for (const r of catalog) {
      const i = add({
        name: r.name,
        slug: r.slug,
        strainId: r.strain_id,
        strainSlug: r.strain_slug,
        isAlias: r.is_alias,
        popularity: Number(r.popularity ?? 0),
        cbdRich: Boolean(r.cbd_rich),
      });
      push(this.byName, r.name, i);
      push(this.bySlug, r.slug, i);
      push(this.byCompact, compactKey(r.name), i);
      // 'Peaches & Cream' read with its '&' dropped ('peaches cream'): the compact key less the 'and'.
      if (/^[a-z0-9]+-(.+-)?(and|n)-[a-z0-9]/.test(r.slug)) push(this.byAndless, compactOfSlug(r.slug.replace(/-(and|n)-/g, '-')), i);
      // 'GSCookies': the initials of a name of three or more words glued to its last word.
      const words = r.name.split(' ');
      if (words.length >= 3 && words.every((w) => /^\p{L}+$/u.test(w)))
        push(
          this.byInitials,
          words
            .slice(0, -1)
            .map((w) => w[0])
            .join('') + words[words.length - 1],
          i,
        );
      // The specification's slug pass compares the strain's own slug too (it can differ from the
      // slug the names trigger derives: 'Charlotte's Web' → charlottes-web vs charlotte-s-web).
      if (!r.is_alias && r.strain_slug !== r.slug) push(this.bySlug, r.strain_slug, i);
      const rest = /^the (\S+ \S.*)$/.exec(r.name)?.[1];
      if (rest) withThe.push([rest, i]);
    }
    for (const u of universe) {
      if (this.byName.has(u.name)) continue;
      add({ name: u.name, slug: u.slug, strainId: null, strainSlug: null, isAlias: false, popularity: 0 });
      this.universeSlugs.add(u.slug);
      this.universeNames.add(u.name);
    }
    // 'The Don Mega' is written 'Don Mega' on menus: a catalog name of 'the' and two or more words
    // is found by its slug without 'the', unless that is a known name of its own ('The Cookie Jar'
    // beside Cookie Jar). 'The Cube', 'The Cure' keep their 'the' (one word alone is a flavour or a brand).
    for (const [rest, i] of withThe) {
      const sl = slugify(rest);
      if (this.byName.has(rest) || this.universeNames.has(rest) || this.universeSlugs.has(sl) || this.bySlug.has(sl)) continue;
      push(this.bySlug, sl, i);
    }
    this.sizes = Int32Array.from(sizes);
    this.postings = lists.map((l) => Int32Array.from(l));
    this.counts = new Int32Array(this.names.length);
    this.touched = new Int32Array(this.names.length);
  }

  /** Catalog names (primary or alias) equal to a canonical name. */
  exact(name: string): IndexedName[] {
    return (this.byName.get(name) ?? []).map((i) => this.names[i]);
  }

  /** Catalog names whose slug (or whose strain's slug) equals `slug`. */
  slug(slug: string): IndexedName[] {
    return (this.bySlug.get(slug) ?? []).map((i) => this.names[i]);
  }

  /**
   * Catalog names that are the name of this slug with other spacing, punctuation or 'and' (see
   * compactKey; a name of 'X and Y' also without its 'and'). Four characters at least, or three of letters and digits both ('I95' = I-95): a
   * short key of letters only is too often another word.
   */
  compact(slug: string): IndexedName[] {
    const key = compactOfSlug(slug);
    const long = key.length >= 4 || (key.length === 3 && /\d/.test(key) && /[a-z]/.test(key));
    return long ? (this.byCompact.get(key) ?? this.byAndless.get(key) ?? []).map((i) => this.names[i]) : [];
  }

  /** Catalog names of three or more words whose leading initials glued to the last word spell `word` ('gscookies'). */
  gluedInitials(word: string): IndexedName[] {
    return (this.byInitials.get(word) ?? []).map((i) => this.names[i]);
  }

  /** A universe name the catalog does not hold, by slug or canonical name. */
  isUniverseOnly(name: string, slug: string): boolean {
    return this.universeSlugs.has(slug) || this.universeNames.has(name);
  }

  /** How many known strain names use a word (catalog and universe). */
  wordUse(word: string): number {
    return this.vocabulary.get(word) ?? 0;
  }

  /** How many catalog names (primary or alias) use a word. */
  catalogWordUse(word: string): number {
    return this.catalogVocabulary.get(word) ?? 0;
  }

  /**
   * The closest catalog name and the closest universe-only name to `text` whose trigram similarity
   * (pg_trgm's numbers) exceeds 0.4, ties broken like `ORDER BY name <-> q, is_alias` and then by
   * popularity. Shared trigrams are counted through the inverted index; a name above 0.4 shares
   * more than 0.4 × |q| of them, so only those names are compared.
   */
  nearest(text: string): { catalog: Nearest | null; universe: Nearest | null } {
    const tri = trigrams(text, this.mode);
    const q = tri.length;
    const minCommon = Math.floor(MIN_SIMILARITY * q) + 1;
    const counts = this.counts;
    const touched = this.touched;
    let nTouched = 0;
    for (const t of tri) {
      const id = this.trigramIds.get(t);
      if (id === undefined) continue;
      const list = this.postings[id];
      for (let k = 0; k < list.length; k++) {
        const i = list[k];
        if (counts[i]++ === 0) touched[nTouched++] = i;
      }
    }
    let catalog: Nearest | null = null;
    let universe: Nearest | null = null;
    for (let k = 0; k < nTouched; k++) {
      const i = touched[k];
      const common = counts[i];
      counts[i] = 0;
      if (common < minCommon) continue;
      const raw = trigramRatio(common, q, this.sizes[i]);
      const e = this.names[i];
      if (e.strainId === null) {
        if (!universe || raw > universe.raw) universe = { entry: e, raw };
      } else if (!catalog || better(raw, e, catalog)) catalog = { entry: e, raw };
    }
    return { catalog, universe };
  }
}

function better(raw: number, e: IndexedName, cur: Nearest): boolean {
  if (raw !== cur.raw) return raw > cur.raw;
  if (e.isAlias !== cur.entry.isAlias) return !e.isAlias;
  if (e.popularity !== cur.entry.popularity) return e.popularity > cur.entry.popularity;
  return e.name < cur.entry.name;
}

function push(map: Map<string, number[]>, key: string, i: number): void {
  const l = map.get(key);
  if (l) l.push(i);
  else map.set(key, [i]);
}

// ---------------------------------------------------------------------------------------------
// One index per database (instance id of its catalog_version row), rebuilt when the version moves.

interface Cached {
  stamp: CatalogStamp;
  index: CatalogIndex;
  /** Full rows of strains matched under this version (bounded): most menus then read none. */
  strains: Map<string, Strain>;
}

const MAX_DATABASES = 4;
const cache = new Map<string, Cached>();
const building = new Map<string, Promise<Cached>>();
let lastUsed: string | null = null;

async function build(q: Queryable, stamp: CatalogStamp): Promise<Cached> {
  const { names, universe, mode } = await readCatalogNames(q);
  return { stamp, index: new CatalogIndex(names, universe, mode), strains: new Map() };
}

function remember(c: Cached): void {
  if (c.stamp.ownWrite) return;
  cache.delete(c.stamp.instance);
  cache.set(c.stamp.instance, c);
  while (cache.size > MAX_DATABASES) cache.delete(cache.keys().next().value as string);
  lastUsed = c.stamp.instance;
}

/** The index of the database last matched against, to try before asking for the version. */
export function guessIndex(): Cached | null {
  return lastUsed ? (cache.get(lastUsed) ?? null) : null;
}

/** The index for the catalog as `stamp` describes it (read now when not given). */
export async function indexFor(q: Queryable, stamp?: CatalogStamp): Promise<Cached> {
  const s = stamp ?? (await readCatalogStamp(q));
  const hit = cache.get(s.instance);
  if (hit && hit.stamp.version === s.version && !s.ownWrite) {
    lastUsed = s.instance;
    return hit;
  }
  if (s.ownWrite) return build(q, s);
  // Concurrent menus on a cold or stale index share one rebuild.
  const key = `${s.instance}:${s.version}`;
  let p = building.get(key);
  if (!p) {
    p = build(q, s).then(
      (c) => {
        building.delete(key);
        remember(c);
        return c;
      },
      (e: unknown) => {
        building.delete(key);
        throw e;
      },
    );
    building.set(key, p);
  }
  return p;
}

/** Forget every index (tests that rebuild a database under the same instance id). */
export function clearMatchIndex(): void {
  cache.clear();
  lastUsed = null;
}
