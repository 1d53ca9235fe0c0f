import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, runUpdates, scanMenu, type ScanEvent } from '@/packages/client/src';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { localRunner } from '@/lib/tasks';
import { startFixtureServer, type FixtureServer } from '@/tests/fixtures/dispensaries/server';
import { userToken } from '@/tests/helpers/route';
import { inProcessFetch } from '@/tests/unit/client/in-process';

let fx: FixtureServer;
beforeAll(async () => {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  process.env.RUN_STREAM_POLL_MS = '20';
  await ready();
  fx = await startFixtureServer();
}, 180_000);
beforeEach(() => setLimitStore(new MemoryStore()));
afterAll(async () => {
  await localRunner().drain();
  await fx?.close();
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  delete process.env.RUN_STREAM_POLL_MS;
});

async function collect(it: AsyncIterable<ScanEvent>): Promise<ScanEvent[]> {
  const out: ScanEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

describe('scan flow helper over the real routes (local runner)', () => {
  it('client-side start: scan-token → one-time trigger token → POST /shopping/runs → run updates to COMPLETED; then a cache hit', async () => {
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: inProcessFetch, token: await userToken('scan-user', 'free') });
    const request = { dispensaryName: 'Fixture', menuUrls: [fx.menuUrl('static')], userId: 'scan-user', forceRefresh: true };
    const events = await collect(scanMenu(api.connection, request));
    const started = events.find((e) => e.type === 'started');
    expect(started).toMatchObject({ type: 'started', deduplicated: false });
    const updates = events.flatMap((e) => (e.type === 'update' ? [e.run] : []));
    expect(updates.length).toBeGreaterThan(1);
    const last = updates.at(-1)!;
    expect(last.status).toBe('COMPLETED');
    expect(last.metadata.currentStage).toBe('complete');
    expect(last.output?.stats.productsCount).toBe(12);
    const progress = updates.map((u) => u.metadata.progress ?? 0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const again = await collect(scanMenu(api.connection, { ...request, forceRefresh: false }));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ type: 'cached', output: { stats: { productsCount: 12 } } });

    // The run can be followed again later with its run token: the final state straight away.
    if (started?.type !== 'started') throw new Error('no start');
    const replay: string[] = [];
    for await (const run of runUpdates(api.connection, started.runId, started.publicAccessToken)) replay.push(run.status);
    expect(replay).toEqual(['COMPLETED']);
  });

  it('a user token for someone else answers 403 FORBIDDEN as an ApiError before any event', async () => {
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: inProcessFetch, token: await userToken('scan-user', 'free') });
    const err = await collect(scanMenu(api.connection, { dispensaryName: 'Fixture', menuUrls: [fx.menuUrl('static')], userId: 'someone-else' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ApiError', status: 403, code: 'FORBIDDEN' });
  });
});
