import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, streamNotebookBatch, streamNotebookSection, unwrap, unwrapWithMeta, type BatchEvent } from '@/packages/client/src';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { userToken } from '@/tests/helpers/route';
import { ORDER } from '@/tests/unit/notebooks/fixtures';
import { inProcessFetch } from '@/tests/unit/client/in-process';

beforeAll(() => ready().then(() => undefined), 180_000);
beforeEach(() => setLimitStore(new MemoryStore()));

const client = (token?: string) => createApiClient({ baseUrl: 'http://api.test', token, fetch: inProcessFetch });

describe('typed client over the real routes', () => {
  it('reads a strain by slug, a page of strains with pagination meta, and answers NOT_FOUND as an ApiError', async () => {
    const api = client();
    const page = await unwrapWithMeta(api.GET('/api/v1/strains', { params: { query: { limit: 3, offset: 0 } } }));
    expect(page.data).toHaveLength(3);
    expect(page.meta.pagination).toMatchObject({ limit: 3, offset: 0 });
    expect(page.meta.pagination!.total).toBeGreaterThan(3);
    const slug = page.data[0].slug;
    const strain = await unwrap(api.GET('/api/v1/strains/slug/{slug}', { params: { path: { slug } } }));
    expect(strain.slug).toBe(slug);
    expect(Array.isArray(strain.terpenes)).toBe(true);
    const missing = await unwrap(api.GET('/api/v1/strains/slug/{slug}', { params: { path: { slug: 'no-such-strain-zz' } } })).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);
    expect((missing as ApiError).code).toMatch(/NOT_FOUND/);
    expect((missing as ApiError).requestId).toBeTruthy();
  });

  it('sends the token from a function on every call; the flat 401 body becomes an ApiError with its code', async () => {
    let calls = 0;
    const token = await userToken('client-user', 'premium');
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: inProcessFetch, token: () => (calls++, token) });
    const list = await unwrap(api.GET('/api/v1/notebooks', { params: { query: { limit: 5 } } }));
    expect(Array.isArray(list)).toBe(true);
    expect(calls).toBe(1);
    const anon = await unwrap(client().GET('/api/v1/notebooks', {})).catch((e: unknown) => e);
    expect(anon).toMatchObject({ name: 'ApiError', status: 401, code: 'UNAUTHORIZED' });
  });

  it('streams a notebook batch as typed events: batch_start, each section start → partial → complete, batch_complete with the saved notebook', async () => {
    const api = client(await userToken('client-user', 'premium'));
    const keys = ['overview', 'terpene_analysis'] as const;
    const events: BatchEvent[] = [];
    for await (const ev of streamNotebookBatch(api.connection, { ...ORDER, sectionKeys: [...keys] })) events.push(ev);
    expect(events[0]).toMatchObject({ type: 'batch_start', totalSections: 2, sectionKeys: [...keys] });
    const last = events.at(-1)!;
    expect(last.type).toBe('batch_complete');
    if (last.type !== 'batch_complete') return;
    expect(last.completedSections).toBe(2);
    expect(typeof last.notebookId).toBe('string');
    for (const key of keys) {
      const mine = events.filter((e) => 'sectionKey' in e && e.sectionKey === key).map((e) => e.type);
      expect(mine[0]).toBe('start');
      expect(mine.at(-1)).toBe('complete');
    }
    const overview = events.find((e) => e.type === 'complete' && e.sectionKey === 'overview');
    // The typed `data` of a complete event is the section schema's: these fields exist on it.
    if (overview?.type === 'complete' && overview.sectionKey === 'overview') expect(typeof overview.data.headline).toBe('string');
    else throw new Error('no complete overview event');
    const progress = events.flatMap((e) => ('overallProgress' in e ? [e.overallProgress] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const saved = await unwrap(api.GET('/api/v1/notebooks/{id}', { params: { path: { id: last.notebookId! } } }));
    expect(saved).toBeTruthy();
  });

  it('a single-section stream ends with its complete event; a free user gets the 403 before any event', async () => {
    const api = client(await userToken('client-user', 'premium'));
    const types: string[] = [];
    for await (const ev of streamNotebookSection(api.connection, 'flavor_profile', ORDER)) types.push(ev.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('complete');
    const free = client(await userToken('free-user', 'free'));
    const err = await (async () => {
      for await (const ev of streamNotebookSection(free.connection, 'overview', ORDER)) void ev;
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ApiError', status: 403, code: 'INSUFFICIENT_PERMISSIONS' });
    expect((err as ApiError).details).toMatchObject({ requiredTier: 'premium' });
  });
});
