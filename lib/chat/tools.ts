/**
 * The assistant's tools: the only way any model (hosted or local) learns a fact. Every record a
 * tool returns is registered with the turn's citation ledger, and `metadata.citations` is drawn
 * from that ledger alone, so a citation always names a record a tool returned.
 */
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { getNotebookForUser, listNotebooksForUser } from '@/lib/notebooks/repo';
import { searchStrains, strainsByTerpene } from '@/lib/strains/service';
import { recommendStrains } from '@/lib/strains/recommend';
import { getStrainBySlug } from '@/lib/strains/repo';
import { normalizeTerpeneName, TERPENE_INFO } from '@/lib/strains/terpenes';
import type { Strain } from '@/lib/strains/types';
import type { Citation } from '@/lib/chat/types';

export class CitationLedger {
  private readonly seen = new Map<string, Citation>();
  add(c: Citation): void {
    const key = `${c.kind}:${c.id}`;
    if (!this.seen.has(key)) this.seen.set(key, c);
  }
  all(): Citation[] {
    return [...this.seen.values()];
  }
  has(kind: Citation['kind'], id: string): boolean {
    return this.seen.has(`${kind}:${id}`);
  }
  /**
   * What the final message cites: the returned records the answer names (by title or id); when
   * the answer names none of them, every returned record (they are what the answer rests on).
   */
  citationsFor(answer: string, max = 12): Citation[] {
    const all = this.all();
    const text = answer.toLowerCase();
    const named = all.filter((c) => text.includes(c.title.toLowerCase()) || text.includes(c.id.toLowerCase()));
    return (named.length ? named : all).slice(0, max);
  }
}

/** The compact strain every tool answers (what a model needs, nothing it could misquote). */
export function strainBrief(s: Strain) {
  return {
    slug: s.slug,
    name: s.name,
    type: s.type,
    thc: s.thc,
    cbd: s.cbd,
    terpenes: s.terpenes.slice(0, 4).map((t) => ({ name: t.name, percentage: t.percentage })),
    effects: s.effects.slice(0, 5),
    aromas: s.aromas.slice(0, 4),
    url: `/strains/${s.slug}`,
  };
}
export type StrainBrief = ReturnType<typeof strainBrief>;

export function strainDetail(s: Strain) {
  return {
    ...strainBrief(s),
    thcRange: s.thcMin !== null || s.thcMax !== null ? { min: s.thcMin, max: s.thcMax } : null,
    terpenes: s.terpenes.map((t) => ({ name: t.name, percentage: t.percentage })),
    effects: s.effects,
    negatives: s.negatives,
    helpsWith: s.helpsWith,
    aromas: s.aromas,
    parents: s.parents,
    akas: s.akas,
    highFamily: s.highFamily,
    description: s.description ? s.description.slice(0, 1200) : null,
  };
}
export type StrainDetailOut = ReturnType<typeof strainDetail>;

export interface PapersPort {
  search(q: { query?: string; terpene?: string; strain?: string; limit: number }): Promise<
    {
      id: string;
      title: string;
      year: number | null;
      authors?: string | string[] | null;
      journal?: string | null;
      studyType?: string | null;
      abstract?: string | null;
      doi?: string | null;
      url?: string | null;
    }[]
  >;
}

export interface ToolDeps {
  db: Queryable;
  userId: string;
  ledger: CitationLedger;
  /** Research papers (absent until the papers library is installed). */
  papers?: PapersPort | null;
  signal?: AbortSignal;
}

export const TOOL_NAMES = ['searchStrains', 'getStrain', 'recommendStrains', 'terpeneInfo', 'myNotebooks', 'searchPapers'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const cite = (ledger: CitationLedger, s: { slug: string; name: string }) => ledger.add({ kind: 'strain', id: s.slug, title: s.name });

export function chatTools(deps: ToolDeps): ToolSet {
  const { db, ledger } = deps;
  const tools: ToolSet = {
    searchStrains: tool({
      description: 'Search the strain catalog by name or alias; tolerates typos ("blu dreem" finds Blue Dream). Returns the best matches.',
      inputSchema: z.object({ query: z.string().min(1).max(200), limit: z.number().int().min(1).max(10).optional() }),
      execute: async ({ query, limit }) => {
        try {
          const page = await searchStrains(db, query, limit ?? 5);
          const results = page.items.map((s) => ({ ...strainBrief(s), score: s.score }));
          for (const s of results) cite(ledger, s);
          return { query, results };
        } catch (e) {
          if (e instanceof ApiError) return { query, results: [] };
          throw e;
        }
      },
    }),
    getStrain: tool({
      description: 'Full catalog record of one strain by slug: cannabinoids, all terpenes, effects, aromas, lineage, description.',
      inputSchema: z.object({ slug: z.string().min(1).max(200) }),
      execute: async ({ slug }) => {
        const s = await getStrainBySlug(db, slug);
        if (!s) return { found: false as const, slug };
        cite(ledger, s);
        return { found: true as const, strain: strainDetail(s) };
      },
    }),
    recommendStrains: tool({
      description: 'Recommend catalog strains for a wish in free text ("sleep, citrus, not too strong") and/or similar to a strain slug.',
      inputSchema: z.object({ query: z.string().max(500).optional(), like: z.string().max(200).optional(), limit: z.number().int().min(1).max(8).optional() }),
      execute: async ({ query, like, limit }) => {
        try {
          const r = await recommendStrains(db, { q: query, like, limit: limit ?? 5, signal: deps.signal });
          const results = r.items.map((it) => ({ rank: it.rank, reason: it.reason, strain: strainBrief(it.strain) }));
          for (const it of results) cite(ledger, it.strain);
          return { query: query ?? null, like: like ?? null, results };
        } catch (e) {
          if (e instanceof ApiError) return { query: query ?? null, like: like ?? null, results: [], error: e.message };
          throw e;
        }
      },
    }),
    terpeneInfo: tool({
      description: 'What the service knows about a terpene: aromas, associated effects, a description, and catalog strains richest in it.',
      inputSchema: z.object({ name: z.string().min(1).max(60) }),
      execute: async ({ name }) => {
        const t = normalizeTerpeneName(name);
        if (!t || !TERPENE_INFO[t]) return { found: false as const, name, known: Object.keys(TERPENE_INFO) };
        const info = TERPENE_INFO[t];
        const { page } = await strainsByTerpene(db, t, { limit: 5, offset: 0 });
        const strains = page.items.map((s) => ({ ...strainBrief(s), share: s.share }));
        for (const s of strains) cite(ledger, s);
        return { found: true as const, terpene: t, aromas: info.aromas, effects: info.effects, description: info.description, strains };
      },
    }),
    myNotebooks: tool({
      description: "The caller's saved purchase notebooks (newest first) with the newest one's order and section summaries.",
      inputSchema: z.object({ limit: z.number().int().min(1).max(5).optional() }),
      execute: async ({ limit }) => {
        const { items, total } = await listNotebooksForUser(db, deps.userId, { limit: limit ?? 3, offset: 0 });
        const notebooks = [];
        for (const [i, n] of items.entries()) {
          const title = `Notebook of ${n.createdAt.slice(0, 10)}`;
          ledger.add({ kind: 'notebook', id: n.id, title });
          if (i > 0) {
            notebooks.push({ id: n.id, title, createdAt: n.createdAt, sections: n.sectionKeys });
            continue;
          }
          const full = await getNotebookForUser(db, n.id, deps.userId);
          const order = full.order as { orderItems?: { strainName: string; grams: number; price?: number }[]; orderMetadata?: { dispensaryName?: string } } | null;
          const summaries: Record<string, string> = {};
          for (const [key, val] of Object.entries(full.results)) {
            const v = val as { summary?: unknown; headline?: unknown; overview?: { headline?: unknown; summary?: unknown } } | null;
            const s = v?.summary ?? v?.overview?.summary ?? v?.headline;
            if (typeof s === 'string') summaries[key] = s.slice(0, 400);
          }
          notebooks.push({
            id: n.id,
            title,
            createdAt: n.createdAt,
            sections: n.sectionKeys,
            dispensary: order?.orderMetadata?.dispensaryName ?? null,
            items: (order?.orderItems ?? []).slice(0, 20).map((it) => ({ strainName: it.strainName, grams: it.grams, price: it.price ?? null })),
            summaries,
          });
        }
        return { total, notebooks };
      },
    }),
  };
  if (deps.papers) {
    const papers = deps.papers;
    tools.searchPapers = tool({
      description: 'Search the research-paper library (full text over titles and abstracts; filter by terpene or a strain slug). Only these papers may be cited.',
      inputSchema: z.object({
        query: z.string().max(200).optional(),
        terpene: z.string().max(60).optional(),
        strain: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(8).optional(),
      }),
      execute: async ({ query, terpene, strain, limit }) => {
        try {
          const found = await papers.search({ query, terpene, strain, limit: limit ?? 5 });
          const results = found.map((p) => ({
            id: p.id,
            title: p.title,
            year: p.year,
            journal: p.journal ?? null,
            studyType: p.studyType ?? null,
            doi: p.doi ?? null,
            abstract: p.abstract ? p.abstract.slice(0, 500) : null,
            url: `/research/papers/${p.id}`,
          }));
          for (const p of results) ledger.add({ kind: 'paper', id: p.id, title: p.title });
          return { query: query ?? null, results };
        } catch (e) {
          if (e instanceof ApiError) return { query: query ?? null, results: [], error: e.message };
          throw e;
        }
      },
    });
  }
  return tools;
}
