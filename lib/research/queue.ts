import type { Queryable } from '@/lib/db';
import { cleanName, nameKey } from '@/lib/research/names';
import { findOpenByKey, insertQueued, openIdsByKey } from '@/lib/research/repo';

export type ResearchSource = 'website' | 'api' | 'menu-scan';

export interface EnqueueItem {
  name: string;
  source: ResearchSource;
  metadata?: object;
}

export interface EnqueueResult {
  name: string;
  submissionId: string | null;
  queued: boolean;
  alreadyQueued: boolean;
}

/** Statuses that count as "already in the queue" (a name in one of them is never queued twice). */
export const OPEN_STATUSES = ['pending', 'researching', 'pending_review'] as const;

/** jsonb cannot hold NUL: drop it from every string of metadata scraped off menus. */
function stripNul(v: unknown): unknown {
  if (typeof v === 'string') return v.replaceAll('\u0000', '');
  if (Array.isArray(v)) return v.map(stripNul);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replaceAll('\u0000', ''), stripNul(x)]));
  return v;
}

/**
 * Queue names for research. Idempotent: a name (by its folded key) that already has an open
 * submission is not queued again; the partial unique index makes that hold across concurrent
 * callers and instances. Names shorter than two characters or longer than 200 are not queued.
 * Set-based: one INSERT and at most one SELECT whatever the batch size.
 */
export async function enqueueResearch(db: Queryable, items: EnqueueItem[]): Promise<EnqueueResult[]> {
  const prepared = items.map((it) => {
    const name = cleanName(String(it.name ?? ''));
    const key = nameKey(name);
    const valid = name.length >= 2 && name.length <= 200 && key.length > 0;
    return { input: it, name, key: valid ? key : null };
  });
  const unique = new Map<string, { strain_name: string; name_key: string; source: string; metadata: object }>();
  for (const p of prepared) {
    if (p.key && !unique.has(p.key)) {
      unique.set(p.key, { strain_name: p.name, name_key: p.key, source: p.input.source, metadata: p.input.metadata ?? {} });
    }
  }
  if (unique.size === 0) return prepared.map((p) => ({ name: p.name, submissionId: null, queued: false, alreadyQueued: false }));

  const newIds = await insertQueued(
    db,
    [...unique.values()].map((u) => stripNul(u) as typeof u),
  );
  const missing = [...unique.keys()].filter((k) => !newIds.has(k));
  const existing = missing.length ? await openIdsByKey(db, missing) : new Map<string, string>();

  const seen = new Set<string>();
  return prepared.map((p) => {
    if (!p.key) return { name: p.name, submissionId: null, queued: false, alreadyQueued: false };
    const fresh = newIds.get(p.key);
    if (fresh && !seen.has(p.key)) {
      seen.add(p.key);
      return { name: p.name, submissionId: fresh, queued: true, alreadyQueued: false };
    }
    // Queued by an earlier caller, or earlier in this same batch.
    const id = fresh ?? existing.get(p.key) ?? null;
    return { name: p.name, submissionId: id, queued: false, alreadyQueued: id !== null };
  });
}

/** The open submission for a name, if any (duplicate check of the submit route). */
export async function findOpenSubmission(db: Queryable, name: string): Promise<{ id: string; strainName: string; status: string } | null> {
  const key = nameKey(cleanName(name));
  if (!key) return null;
  return findOpenByKey(db, key);
}
