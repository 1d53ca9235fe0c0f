import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockLanguageModelV3 } from 'ai/test';
import { POST as batch } from '@/app/api/v1/notebooks/stream/batch/route';
import { POST as single } from '@/app/api/v1/notebooks/stream/[sectionKey]/route';
import { GET as getNotebook } from '@/app/api/v1/notebooks/[id]/route';
import { GET as listNotebooks } from '@/app/api/v1/notebooks/route';
import { ready } from '@/lib/bootstrap';
import { setNotebookModelOverride } from '@/lib/notebooks/availability';
import { localAnalystModel } from '@/lib/notebooks/local-analyst';
import { SECTION_SCHEMAS } from '@/lib/notebooks/schemas';
import { AI_SECTION_KEYS, type AiSectionKey } from '@/lib/notebooks/sections';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { authHeader, call } from '@/tests/helpers/route';
import { ORDER } from '@/tests/unit/notebooks/fixtures';
import { readSse, type ParsedEvent } from '@/tests/helpers/sse';

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
// Migrating and seeding the in-memory catalog is slow on a loaded machine: not a test's time.
beforeAll(() => ready().then(() => undefined), 180_000);
beforeEach(() => {
  setLimitStore(new MemoryStore());
  setNotebookModelOverride(null);
});
afterEach(() => {
  setNotebookModelOverride(null);
  delete process.env.NOTEBOOK_SECTION_TIMEOUT_MS;
  expect(unhandled).toEqual([]);
});

async function runBatch(sectionKeys: string[], sub = 'user-1') {
  const r = await call(batch, { path: '/api/v1/notebooks/stream/batch', headers: await authHeader(sub), body: { sectionKeys, ...ORDER } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/event-stream');
  const requestId = r.headers.get('x-request-id')!;
  const { events } = await readSse(r.response);
  return { events, requestId, headers: r.headers };
}

/** Facts of ORDER a section can mention: its strains, gram amounts, prices, terpenes. */
const ORDER_FACTS = [/Blue Dream|Sour Diesel|Granddaddy Purple/, /\b(3\.5|7|1|11\.5) ?g\b/, /\$\d+\.\d\d|\b(45|70|15|130)\b/, /myrcene|limonene|caryophyllene|pinene/];

describe('POST /notebooks/stream/:sectionKey', () => {
  it('streams start, rising partials and a validated complete under one request-level id', async () => {
    const r = await call(single, { path: '/api/v1/notebooks/stream/terpene_analysis', params: { sectionKey: 'terpene_analysis' }, headers: await authHeader(), body: ORDER });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(r.headers.get('x-accel-buffering')).toBe('no');
    const requestId = r.headers.get('x-request-id');
    const { events } = await readSse(r.response);
    expect(events.map((e) => e.event)[0]).toBe('start');
    expect(events.at(-1)!.event).toBe('complete');
    expect(new Set(events.map((e) => e.id))).toEqual(new Set([requestId]));
    expect(events[0].data).toEqual({ type: 'start', sectionKey: 'terpene_analysis', estimatedTokens: 700 });
    const partials = events.filter((e) => e.event === 'partial');
    expect(partials.length).toBeGreaterThan(2);
    const progress = partials.map((p) => p.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((p) => p > 0 && p < 100)).toBe(true);
    const done = events.at(-1)!.data;
    expect(done.progress).toBe(100);
    expect(done.overallProgress).toBeUndefined();
    const data = SECTION_SCHEMAS.terpene_analysis.parse(done.data);
    // Gram-weighted: Sour Diesel (7 g) carries limonene 0.48 → 7*0.48/11.5 ≈ 0.292; GDP's catalog myrcene joins in.
    expect(data.dominantTerpenes.map((t) => t.name)).toEqual(expect.arrayContaining(['myrcene', 'limonene', 'caryophyllene']));
    expect(data.dominantTerpenes.find((t) => t.name === 'limonene')!.weightedPercentage).toBeCloseTo((7 * 0.48) / 11.5, 2);
    expect(data.summary).toMatch(/myrcene|limonene|caryophyllene/);
    expect(data.coverage).toEqual({ itemsWithTerpenes: 3, itemsTotal: 3 });
  });

  it('is deterministic for the same input', async () => {
    const once = async () => {
      const r = await call(single, { path: '/api/v1/notebooks/stream/value_analysis', params: { sectionKey: 'value_analysis' }, headers: await authHeader(), body: ORDER });
      const { events } = await readSse(r.response);
      return events.map((e) => ({ event: e.event, data: e.data }));
    };
    expect(await once()).toEqual(await once());
  });
});

describe('POST /notebooks/stream/batch', () => {
  it('three sections: event order, ids, overallProgress 0 → 33 → 100 and a saved notebook', async () => {
    const keys = ['overview', 'terpene_analysis', 'value_analysis'];
    const { events, requestId } = await runBatch(keys);
    const first = events[0];
    expect(first).toMatchObject({ event: 'batch_start', id: requestId, data: { type: 'batch_start', totalSections: 3, sectionKeys: keys } });
    const last = events.at(-1)!;
    expect(last.event).toBe('batch_complete');
    expect(last.id).toBe(requestId);
    // Sections in the order given, each start … complete, ids <requestId>-<key>.
    const section = events.slice(1, -1);
    expect([...new Set(section.map((e) => e.data.sectionKey))]).toEqual(keys);
    for (const ev of section) {
      expect(ev.id).toBe(`${requestId}-${ev.data.sectionKey}`);
      expect(ev.data).toMatchObject({ totalSections: 3 });
      expect(typeof ev.data.overallProgress).toBe('number');
      expect(typeof ev.data.completedSections).toBe('number');
    }
    for (const key of keys) {
      const mine = section.filter((e) => e.data.sectionKey === key).map((e) => e.event);
      expect(mine[0]).toBe('start');
      expect(mine.at(-1)).toBe('complete');
      expect(mine.slice(1, -1).every((t) => t === 'partial')).toBe(true);
    }
    const starts = section.filter((e) => e.event === 'start');
    const completes = section.filter((e) => e.event === 'complete');
    expect(starts[0].data.overallProgress).toBe(0);
    expect(completes[0].data.overallProgress).toBe(33);
    expect(starts[1].data.overallProgress).toBe(33);
    expect(completes[1].data.overallProgress).toBe(67);
    expect(completes[2].data.overallProgress).toBe(100);
    expect(completes.map((c) => c.data.completedSections)).toEqual([1, 2, 3]);
    const overall = section.map((e) => e.data.overallProgress);
    expect(overall).toEqual([...overall].sort((a, b) => a - b));

    expect(last.data).toMatchObject({ type: 'batch_complete', totalSections: 3, completedSections: 3 });
    expect(Object.keys(last.data.results)).toEqual(keys);
    expect(last.data.notebookId).toMatch(/^[0-9a-f-]{36}$/);

    const mine = await call(getNotebook, { path: `/api/v1/notebooks/${last.data.notebookId}`, params: { id: last.data.notebookId }, headers: await authHeader('user-1') });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id: last.data.notebookId, requestId, completedSections: 3, totalSections: 3, provider: 'local' });
    expect(mine.body.data.results).toEqual(last.data.results);
    expect(mine.body.data.computed.spend_summary.totalSpent).toBe(130);

    const list = await call(listNotebooks, { path: '/api/v1/notebooks', query: { limit: 5 }, headers: await authHeader('user-1') });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: last.data.notebookId, requestId, sectionKeys: keys, completedSections: 3 });
    expect(list.body.meta.pagination).toMatchObject({ limit: 5, offset: 0, total: expect.any(Number) });
    const others = await call(listNotebooks, { path: '/api/v1/notebooks', headers: await authHeader('nobody-else') });
    expect(others.body.data).toEqual([]);
    expect(others.body.meta.pagination.total).toBe(0);
  });

  it('all twelve ai sections complete, validate and speak about this order', async () => {
    const { events } = await runBatch(AI_SECTION_KEYS);
    const end = events.at(-1)!;
    expect(end.event).toBe('batch_complete');
    expect(end.data.completedSections).toBe(12);
    expect(events.filter((e) => e.event === 'error')).toEqual([]);
    for (const ev of events.filter((e) => e.event === 'complete')) {
      const key = ev.data.sectionKey as AiSectionKey;
      expect(SECTION_SCHEMAS[key].safeParse(ev.data.data).success, key).toBe(true);
      const text = JSON.stringify(ev.data.data);
      const hits = ORDER_FACTS.filter((re) => re.test(text)).length;
      expect(hits, `${key} mentions order facts`).toBeGreaterThanOrEqual(2);
    }
    const next = end.data.results.next_purchase;
    // Real catalog neighbours, never the strains already bought.
    expect(next.recommendations.length).toBeGreaterThan(0);
    for (const rec of next.recommendations) expect(['Blue Dream', 'Sour Diesel', 'Granddaddy Purple']).not.toContain(rec.name);
  });

  it('a failing middle section emits error and the batch goes on', async () => {
    const failing = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error('upstream model exploded');
      },
    });
    setNotebookModelOverride((key) => (key === 'effects_breakdown' ? failing : localAnalystModel()));
    const { events } = await runBatch(['overview', 'effects_breakdown', 'flavor_profile']);
    const err = events.find((e) => e.event === 'error')!;
    expect(err.data).toMatchObject({ type: 'error', sectionKey: 'effects_breakdown', totalSections: 3, completedSections: 1, overallProgress: 67 });
    expect(err.data.error).toMatch(/exploded/);
    const end = events.at(-1)!;
    expect(end.data.completedSections).toBe(2);
    expect(Object.keys(end.data.results)).toEqual(['overview', 'flavor_profile']);
    expect(end.data.errors.effects_breakdown).toMatch(/exploded/);
    expect(events.filter((e) => e.event === 'complete').map((e) => e.data.sectionKey)).toEqual(['overview', 'flavor_profile']);
  });

  it('a failing first section counts as finished: progress goes on from 50, never backwards', async () => {
    setNotebookModelOverride((key) => (key === 'overview' ? new MockLanguageModelV3({ doStream: async () => Promise.reject(new Error('no capacity')) }) : localAnalystModel()));
    const { events } = await runBatch(['overview', 'entourage_effect']);
    const section = events.slice(1, -1);
    expect(section[0].data).toMatchObject({ type: 'start', overallProgress: 0 });
    expect(section[1].data).toMatchObject({ type: 'error', overallProgress: 50, completedSections: 0 });
    expect(section[2].data).toMatchObject({ type: 'start', sectionKey: 'entourage_effect', overallProgress: 50 });
    expect(section.at(-1)!.data).toMatchObject({ type: 'complete', overallProgress: 100, completedSections: 1 });
    const overall = section.map((e) => e.data.overallProgress);
    expect(overall).toEqual([...overall].sort((a, b) => a - b));
  });

  it('a key listed twice is streamed once', async () => {
    const { events } = await runBatch(['flavor_profile', 'flavor_profile']);
    expect(events[0].data).toMatchObject({ totalSections: 1, sectionKeys: ['flavor_profile'] });
    expect(events.filter((e) => e.event === 'start')).toHaveLength(1);
    expect(events.at(-1)!.data.completedSections).toBe(1);
  });

  it.each([
    ['output that fails its schema', () => mockText('{"summary": 42}'), /schema|match|valid/i],
    ['output that is not JSON', () => mockText('I am sorry, I cannot'), /parse|JSON|valid/i],
  ])('%s is a section error', async (_name, model, message) => {
    setNotebookModelOverride((key) => (key === 'tolerance_insights' ? model() : localAnalystModel()));
    const { events } = await runBatch(['tolerance_insights', 'overview']);
    expect(events.find((e) => e.event === 'error')!.data.error).toMatch(message);
    expect(events.at(-1)!.data.completedSections).toBe(1);
  });

  it('a section past NOTEBOOK_SECTION_TIMEOUT_MS errors and the next one still runs', async () => {
    process.env.NOTEBOOK_SECTION_TIMEOUT_MS = '150';
    setNotebookModelOverride((key) => localAnalystModel(key === 'overview' ? { chunkDelayMs: 60 } : {}));
    const { events } = await runBatch(['overview', 'pairing_suggestions']);
    const err = events.find((e) => e.event === 'error')!;
    expect(err.data.sectionKey).toBe('overview');
    expect(err.data.error).toMatch(/timed out after 150 ms/);
    expect(events.at(-1)!.data).toMatchObject({ completedSections: 1 });
  });

  it('a client disconnect aborts the model and nothing more is generated', async () => {
    const aborted: string[] = [];
    let calls = 0;
    setNotebookModelOverride((key) => {
      calls += 1;
      return localAnalystModel({ chunkDelayMs: 5, onAbort: () => aborted.push(key) });
    });
    const r = await call(batch, {
      path: '/api/v1/notebooks/stream/batch',
      headers: await authHeader('abort-user'),
      body: { sectionKeys: ['overview', 'next_purchase'], ...ORDER },
    });
    const { events } = await readSse(r.response, { until: (ev: ParsedEvent) => ev.event === 'partial' });
    expect(events.at(-1)!.event).toBe('partial');
    // Unaborted, both sections would finish and be saved well within this wait (~60 deltas × 5 ms each).
    await new Promise((res) => setTimeout(res, 1000));
    expect(aborted).toEqual(['overview']);
    expect(calls).toBe(1);
    const db = await ready();
    const saved = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notebooks WHERE user_id = $1', ['abort-user']);
    expect(saved.rows[0].n).toBe(0);
  });
});

describe('hostile order content', () => {
  it('prototype-member names as strains, terpenes, effects and aromas stream like any order', async () => {
    const body = {
      orderItems: [
        {
          strainName: 'constructor',
          grams: 1,
          price: 10,
          terpenes: [
            { name: '__proto__', percentage: 0.4 },
            { name: 'constructor', percentage: 0.2 },
          ],
          effects: ['toString'],
          aromas: ['__proto__'],
        },
        { strainName: '__proto__', grams: 2, type: 'indica' },
      ],
    };
    const { events } = await (async () => {
      const r = await call(batch, { path: '/api/v1/notebooks/stream/batch', headers: await authHeader(), body: { sectionKeys: AI_SECTION_KEYS, ...body } });
      expect(r.status).toBe(200);
      return readSse(r.response);
    })();
    expect(events.filter((e) => e.event === 'error')).toEqual([]);
    expect(events.at(-1)!.data.completedSections).toBe(12);
  });
});

describe('heartbeat', () => {
  it('sends a `: ping` comment while a slow section is generating', async () => {
    process.env.SSE_HEARTBEAT_MS = '25';
    try {
      setNotebookModelOverride(() => localAnalystModel({ chunkDelayMs: 10 }));
      const r = await call(single, { path: '/api/v1/notebooks/stream/overview', params: { sectionKey: 'overview' }, headers: await authHeader(), body: ORDER });
      const comments: string[] = [];
      const { events } = await readSse(r.response, { onComment: (c) => comments.push(c) });
      expect(comments.map((c) => c.trim())).toContain('ping');
      expect(events.at(-1)!.event).toBe('complete');
    } finally {
      delete process.env.SSE_HEARTBEAT_MS;
    }
  });
});

function mockText(text: string) {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: new ReadableStream({
        start(c) {
          c.enqueue({ type: 'stream-start', warnings: [] });
          c.enqueue({ type: 'text-start', id: '1' });
          c.enqueue({ type: 'text-delta', id: '1', delta: text });
          c.enqueue({ type: 'text-end', id: '1' });
          c.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
          });
          c.close();
        },
      }),
    }),
  });
}
