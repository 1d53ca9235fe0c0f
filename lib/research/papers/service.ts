// No `server-only` here: the Trigger.dev worker (trigger/deep-research.ts) imports this module.
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { getStrainBySlug } from '@/lib/strains/repo';
import { slugify } from '@/lib/strains/slug';
import { normalizeTerpeneName } from '@/lib/strains/terpenes';
import type { Strain } from '@/lib/strains/types';
import { readRecords } from '@/lib/strains/import-parse';
import { countPapers, getPaperRow, getPaperRows, paperIdWithDoi, searchPaperRows, upsertPaperRow, type PaperHit, type PaperWrite } from '@/lib/research/papers/repo';
import { PAPER_ID_RE, PaperSearchQuery, STUDY_TYPES, type Paper, type PaperSearchInput, type StudyType } from '@/lib/research/papers/schemas';

export type { Paper, PaperHit };

/** Terpene label → the key filters match: the catalog's name (alpha-pinene → pinene), else the label. */
export function terpeneKey(label: string): string {
  const s = label.normalize('NFKC').trim().toLowerCase();
  return (
    normalizeTerpeneName(s) ??
    s
      .replace(/α/g, 'alpha-')
      .replace(/β/g, 'beta-')
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-')
  );
}

const CANNABINOID_NAMES: Readonly<Record<string, string>> = {
  tetrahydrocannabinol: 'thc',
  'delta-9-thc': 'thc',
  'delta9-thc': 'thc',
  'd9-thc': 'thc',
  'Δ9-thc': 'thc',
  cannabidiol: 'cbd',
  cannabigerol: 'cbg',
  cannabinol: 'cbn',
  cannabichromene: 'cbc',
  tetrahydrocannabivarin: 'thcv',
  'thc-a': 'thca',
  'thc-v': 'thcv',
  'cbd-a': 'cbda',
  thcacid: 'thca',
};

/** 'CBD', 'cannabidiol', 'Δ9-THC' → 'cbd' / 'thc'; other labels lower-cased. */
export function cannabinoidKey(label: string): string {
  const s = label.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, '-');
  return CANNABINOID_NAMES[s] ?? s;
}

export function effectKey(label: string): string {
  return label.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** What `strain=` searched for: the strain's leading terpenes (top 3) and cannabinoids (≥ 1 %). */
export interface StrainBasis {
  slug: string;
  name: string;
  terpenes: string[];
  cannabinoids: string[];
}

export function strainBasis(s: Strain): StrainBasis {
  const terpenes = s.terpenes
    .filter((t) => t.percentage > 0)
    .slice(0, 3)
    .map((t) => t.name);
  const cannabinoids: string[] = [];
  const thc = s.thc ?? s.thcMax;
  const cbd = s.cbd ?? s.cbdMax;
  if (thc !== null && thc >= 1) cannabinoids.push('thc');
  if (cbd !== null && cbd >= 1) cannabinoids.push('cbd');
  return { slug: s.slug, name: s.name, terpenes, cannabinoids };
}

export interface PaperSearchResult {
  items: PaperHit[];
  total: number;
  limit: number;
  offset: number;
  /** Set when `strain=` was given: what the strain was matched through. */
  strain: StrainBasis | null;
}

/**
 * Search the papers (full text over title and abstract, filters by labels, study type, years, or
 * a strain's leading terpenes and cannabinoids). The route and the chat tools call this.
 * Bounds are the route's (limit 1–100, default 20); an unknown strain is 404 STRAIN_NOT_FOUND.
 */
export async function searchPapers(db: Queryable, input: PaperSearchInput): Promise<PaperSearchResult> {
  const parsed = PaperSearchQuery.safeParse(input);
  if (!parsed.success) throw new ApiError('VALIDATION_ERROR', undefined, parsed.error.issues);
  const f = parsed.data;
  let basis: StrainBasis | null = null;
  if (f.strain) {
    const strain = (await getStrainBySlug(db, f.strain)) ?? (await getStrainBySlug(db, slugify(f.strain)));
    if (!strain) throw ApiError.notFound('strain', f.strain, 'STRAIN_NOT_FOUND');
    basis = strainBasis(strain);
  }
  const q = f.q?.trim() || undefined;
  const page = await searchPaperRows(db, {
    q,
    terpeneKey: f.terpene ? terpeneKey(f.terpene) : undefined,
    cannabinoid: f.cannabinoid ? cannabinoidKey(f.cannabinoid) : undefined,
    effect: f.effect ? effectKey(f.effect) : undefined,
    studyType: f.studyType,
    yearFrom: f.yearFrom,
    yearTo: f.yearTo,
    anyOf: basis ? { terpeneKeys: basis.terpenes, cannabinoids: basis.cannabinoids } : undefined,
    limit: f.limit,
    offset: f.offset,
  });
  return { ...page, limit: f.limit, offset: f.offset, strain: basis };
}

/** One paper, or null when no paper has this id. */
export async function getPaper(db: Queryable, id: string): Promise<Paper | null> {
  if (!PAPER_ID_RE.test(id)) return null;
  return getPaperRow(db, id);
}

/** Several papers by id, in the order asked (unknown ids left out). */
export async function getPapers(db: Queryable, ids: string[]): Promise<Paper[]> {
  return getPaperRows(
    db,
    ids.filter((id) => PAPER_ID_RE.test(id)),
  );
}

/** For GET /meta/freshness: `papers: { count, updatedAt }`. */
export async function papersFreshness(db: Queryable): Promise<{ count: number; updatedAt: string | null }> {
  const c = await countPapers(db);
  return { count: c.count, updatedAt: c.updatedAt ? new Date(c.updatedAt).toISOString() : null };
}

/** Strip a paper search hit down to the public paper fields. */
export function toPaper(h: PaperHit | Paper): Paper {
  const { id, title, authors, year, journal, volume, issue, pages, doi, pmid, url, abstract, studyType, topics, source } = h;
  return { id, title, authors, year, journal, volume, issue, pages, doi, pmid, url, abstract, studyType, topics, source };
}

// ---------------------------------------------------------------------------------------------
// Import (seed and `npm run import -- --papers <file>`)

export const PAPERS_SEED_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), 'supabase', 'seed', 'papers.json');

export interface PaperIssue {
  line: number;
  name?: string;
  reason: string;
}

export interface PaperImportSummary {
  source: string;
  total: number;
  inserted: number;
  updated: number;
  skipped: PaperIssue[];
  warnings: PaperIssue[];
  ms: number;
}

export interface ParsedPaper {
  line: number;
  paper?: PaperWrite;
  error?: string;
  warnings: string[];
}

const DOI_RE = /^10\.\d{4,9}\/\S+$/;
const PMID_RE = /^\d{1,9}$/;

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const s = v.replace(/\s+/g, ' ').trim();
  return s && s.toLowerCase() !== 'null' ? s : null;
}

/** An array, or a CSV cell with `;` or `|` between entries. */
function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(text).filter((x): x is string => Boolean(x));
  const s = text(v);
  if (!s) return [];
  if (s.startsWith('[')) {
    try {
      return list(JSON.parse(s));
    } catch {
      /* a plain cell */
    }
  }
  return s
    .split(/[;|]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** One record (papers.json shape, or a CSV row with the same columns) → a paper to store. */
export function recordToPaper(rec: Record<string, unknown>): { paper?: PaperWrite; error?: string; warnings: string[] } {
  const warnings: string[] = [];
  const title = text(rec.title);
  if (!title) return { error: 'title is required', warnings };
  if (title.length > 1000) return { error: 'title is longer than 1000 characters', warnings };
  const source = text(rec.source);
  if (!source) return { error: 'source is required (the page the fields were read from)', warnings };
  const authors = list(rec.authors);
  let year: number | null = null;
  const yearText = text(rec.year);
  if (yearText !== null) {
    year = Number(yearText);
    if (!Number.isInteger(year) || year < 1800 || year > 2200) return { error: `year is not a year: ${yearText.slice(0, 20)}`, warnings };
  }
  let id = text(rec.id)?.toLowerCase() ?? null;
  if (!id) {
    // The documented slug rule (firstauthor-year-keywords); not a bibliographic field.
    const first = slugify((authors[0] ?? '').split(' ')[0] ?? '') || 'anon';
    const words = slugify(title)
      .split('-')
      .filter((w) => w.length > 3)
      .slice(0, 3)
      .join('-');
    id = [first, year ?? 'nd', words].filter(Boolean).join('-').slice(0, 120);
    warnings.push(`no id: using ${id}`);
  }
  if (!PAPER_ID_RE.test(id)) return { error: `id must be lower-case letters, digits and '-' (got ${id.slice(0, 40)})`, warnings };
  let doi = text(rec.doi);
  if (doi) {
    doi = doi.replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
    if (!DOI_RE.test(doi)) return { error: `doi is not a DOI: ${doi.slice(0, 60)}`, warnings };
  }
  const pmid = text(rec.pmid);
  if (pmid && !PMID_RE.test(pmid)) return { error: `pmid is not a PubMed id: ${pmid.slice(0, 20)}`, warnings };
  const url = text(rec.url);
  if (url && !/^https?:\/\/\S+$/i.test(url)) return { error: `url is not an http(s) address: ${url.slice(0, 60)}`, warnings };
  const studyText = text(rec.studyType ?? rec.study_type)?.toLowerCase() ?? null;
  if (studyText && !(STUDY_TYPES as readonly string[]).includes(studyText)) {
    return { error: `studyType must be one of ${STUDY_TYPES.join(', ')} (got ${studyText.slice(0, 30)})`, warnings };
  }
  const topics = (rec.topics && typeof rec.topics === 'object' ? rec.topics : {}) as Record<string, unknown>;
  const pick = (k: string) => list(topics[k] ?? rec[k] ?? rec[`topics.${k}`]).map((x) => x.toLowerCase());
  const terpenes = uniq(pick('terpenes'));
  const cannabinoids = uniq(pick('cannabinoids').map(cannabinoidKey));
  const effects = uniq(pick('effects').map(effectKey));
  const paper: PaperWrite = {
    id,
    title,
    authors,
    year,
    journal: text(rec.journal),
    volume: text(rec.volume),
    issue: text(rec.issue),
    pages: text(rec.pages),
    doi,
    pmid,
    url,
    abstract: text(rec.abstract),
    studyType: (studyText as StudyType | null) ?? null,
    topics: { terpenes, cannabinoids, effects },
    source,
    terpeneKeys: uniq(terpenes.map(terpeneKey)),
  };
  return { paper, warnings };
}

export function parsePaperRecords(records: Record<string, unknown>[]): ParsedPaper[] {
  return records.map((rec, i) => ({ line: i + 2, ...recordToPaper(rec) }));
}

/** Read a papers file: JSON (an array as papers.json, or `{ papers: [...] }`) or CSV. */
export function readPaperFile(file: string): Record<string, unknown>[] {
  const raw = fs.readFileSync(file, 'utf8');
  if (/\.json$/i.test(file)) {
    const data = JSON.parse(raw) as unknown;
    const arr = Array.isArray(data) ? data : (data as { papers?: unknown[] })?.papers;
    if (!Array.isArray(arr)) throw new Error('JSON papers import expects an array of papers (or {papers: [...]})');
    return arr.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === 'object');
  }
  return readRecords(raw, 'csv');
}

/** Upsert parsed papers by id; a bad row is reported with its line, never aborts the import. */
export async function importPapers(
  db: Queryable,
  rows: ParsedPaper[],
  source: string,
  opts: { onProgress?: (done: number, total: number) => void } = {},
): Promise<PaperImportSummary> {
  const t = Date.now();
  const s: PaperImportSummary = { source, total: rows.length, inserted: 0, updated: 0, skipped: [], warnings: [], ms: 0 };
  const seen = new Set<string>();
  let done = 0;
  for (const row of rows) {
    for (const w of row.warnings) s.warnings.push({ line: row.line, name: row.paper?.id, reason: w });
    if (!row.paper) s.skipped.push({ line: row.line, reason: row.error ?? 'invalid row' });
    else if (seen.has(row.paper.id)) s.skipped.push({ line: row.line, name: row.paper.id, reason: 'duplicate id in this file' });
    else {
      seen.add(row.paper.id);
      const clash = row.paper.doi ? await paperIdWithDoi(db, row.paper.doi, row.paper.id) : null;
      if (clash) s.skipped.push({ line: row.line, name: row.paper.id, reason: `DOI ${row.paper.doi} is already recorded for paper ${clash}` });
      else {
        const r = await upsertPaperRow(db, row.paper, source);
        if (r.inserted) s.inserted++;
        else s.updated++;
      }
    }
    opts.onProgress?.(++done, rows.length);
  }
  s.ms = Date.now() - t;
  return s;
}

/** Start-up step: load the shipped papers when the table is empty (idempotent). */
export async function seedPapers(db: Queryable, file = PAPERS_SEED_FILE): Promise<{ seeded: boolean; inserted?: number; skipped?: number; reason?: string }> {
  if ((await countPapers(db)).count > 0) return { seeded: false, reason: 'papers not empty' };
  if (!fs.existsSync(file)) return { seeded: false, reason: `no seed file at ${file}` };
  const summary = await importPapers(db, parsePaperRecords(readPaperFile(file)), 'seed');
  return { seeded: true, inserted: summary.inserted, skipped: summary.skipped.length };
}
