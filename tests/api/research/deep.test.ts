import os from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as start } from '@/app/api/v1/research/deep/route';
import { GET as getRun } from '@/app/api/v1/research/deep/[runId]/route';
import { GET as streamRun } from '@/app/api/v1/research/deep/[runId]/stream/route';
import { GET as getPaperRoute } from '@/app/api/v1/research/papers/[id]/route';
import { ready } from '@/lib/bootstrap';
import { DeepResearchOutput, DeepRunViewSchema } from '@/lib/research/deep/schemas';
import { setDeepResearchStageHook } from '@/lib/research/deep/task';
import { getStrainBySlug } from '@/lib/strains/repo';
import { localRunner, recoverOrphanedRuns, signRunToken } from '@/lib/tasks';
import { finishRun, getRunRow, insertRun } from '@/lib/tasks/store';
import { authHeader, call } from '@/tests/helpers/route';
import { readSse } from '@/tests/helpers/sse';
import { startWellInsideWindow } from '@/tests/helpers/limit-window';

beforeAll(async () => {
  await ready();
  process.env.RUN_STREAM_POLL_MS = '20';
});
afterEach(() => setDeepResearchStageHook(null));

let userN = 0;
const newUser = () => `deep-user-${++userN}-${Math.random().toString(36).slice(2, 6)}`;

async function post(body: unknown, user = newUser(), tier: 'premium' | 'free' = 'premium') {
  return call(start, { path: '/api/v1/research/deep', method: 'POST', body, headers: await authHeader(user, tier) });
}

async function view(runId: string, token?: string) {
  return call(getRun, { path: `/api/v1/research/deep/${runId}`, params: { runId }, headers: { authorization: `Bearer ${token ?? (await signRunToken(runId))}` } });
}

/** Every citation names a source of the output, and every source resolves to a real record. */
async function expectCitationsResolve(out: any) {
  const ids = new Set(out.sources.map((s: any) => s.id));
  expect(ids.size).toBe(out.sources.length);
  for (const sec of out.sections) for (const c of sec.citations) expect(ids).toContain(c);
  for (const s of out.sources) {
    if (s.kind === 'paper') {
      const id = s.id.replace(/^paper:/, '');
      const r = await call(getPaperRoute, { path: `/api/v1/research/papers/${id}`, params: { id } });
      expect(r.status).toBe(200);
      expect(r.body.data.title).toBe(s.title);
    } else if (s.kind === 'strain') {
      expect(await getStrainBySlug(await ready(), s.id.replace(/^strain:/, ''))).not.toBeNull();
    } else {
      expect((await getRunRow(await ready(), s.id.replace(/^scan:/, '')))?.taskIdentifier).toBe('shopping-menu-scan');
    }
  }
}

describe('POST /research/deep: auth and bounds', () => {
  it('401 without a token, 403 INSUFFICIENT_PERMISSIONS for a free user', async () => {
    const none = await call(start, { path: '/api/v1/research/deep', method: 'POST', body: { question: 'What does myrcene do for sleep?' } });
    expect(none.status).toBe(401);
    const free = await post({ question: 'What does myrcene do for sleep?' }, newUser(), 'free');
    expect(free.status).toBe(403);
    expect(free.body.error).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { requiredTier: 'premium', feature: 'deep-research' } });
  });

  it.each<[string, unknown]>([
    ['a 9-character question', { question: 'too short' }],
    ['a 1,001-character question', { question: 'x'.repeat(1001) }],
    ['six strains', { question: 'Compare these strains for sleep', strainSlugs: ['a', 'b', 'c', 'd', 'e', 'f'] }],
    ['no question', { strainSlugs: ['blue-dream'] }],
  ])('400 VALIDATION_ERROR on %s', async (_n, body) => {
    const r = await post(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('400 naming an unknown strain slug', async () => {
    const r = await post({ question: 'Is this strain good for sleep?', strainSlugs: ['blue-dream', 'no-such-strain-xyz'] });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual({ unknownStrainSlugs: ['no-such-strain-xyz'] });
  });

  it('is limited by the notebook tier (5 an hour per user)', async () => {
    const user = newUser();
    const statuses: number[] = [];
    await startWellInsideWindow();
    for (let i = 0; i < 6; i++) statuses.push((await post({ question: `Question number ${i} about limonene and mood` }, user)).status);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses[5]).toBe(429);
    await localRunner().drain();
  });
});

describe('a deep-research run', () => {
  it('runs plan → search → read → synthesize → complete and cites only its sources', async () => {
    setDeepResearchStageHook(() => new Promise((r) => setTimeout(r, 40)));
    const r = await post({ question: 'Does the myrcene in Blue Dream help with sleep, and how strong is the evidence?', strainSlugs: ['blue-dream'] });
    expect(r.status).toBe(202);
    expect(Object.keys(r.body.data).sort()).toEqual(['publicAccessToken', 'runId']);
    const { runId, publicAccessToken } = r.body.data;
    const s = await call(streamRun, { path: `/api/v1/research/deep/${runId}/stream`, params: { runId }, headers: { authorization: `Bearer ${publicAccessToken}` } });
    expect(s.status).toBe(200);
    const { events } = await readSse(s.response);
    const stages = [...new Set(events.map((e) => e.data.metadata.stage).filter(Boolean))];
    expect(stages).toEqual(['plan', 'search', 'read', 'synthesize', 'complete']);
    const progress = events.map((e) => e.data.metadata.progress ?? 0);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const last = events.at(-1)!.data;
    expect(last.status).toBe('COMPLETED');
    expect(last.metadata).toMatchObject({ stage: 'complete', progress: 100 });
    expect(last.metadata.sourcesFound).toBeGreaterThan(3);

    const v = await view(runId, publicAccessToken);
    expect(v.status).toBe(200);
    expect(() => DeepRunViewSchema.parse(v.body.data)).not.toThrow();
    const out = DeepResearchOutput.parse(v.body.data.output);
    expect(out.question).toMatch(/Blue Dream/);
    expect(out.sources.map((x) => x.id)).toContain('strain:blue-dream');
    const papers = out.sources.filter((x) => x.kind === 'paper');
    expect(papers.length).toBeGreaterThan(2);
    expect(out.sections.length).toBeGreaterThanOrEqual(3);
    expect(out.sections.some((x) => x.citations.some((c) => c.startsWith('paper:')))).toBe(true);
    expect(out.summary).toMatch(/paper/);
    // The local report is written from the sources: a cited paper's title appears in its section.
    const sec = out.sections.find((x) => x.citations.some((c) => c.startsWith('paper:')))!;
    const cited = out.sources.find((x) => x.id === sec.citations.find((c) => c.startsWith('paper:')))!;
    expect(sec.body).toContain(cited.title.slice(0, 40));
    await expectCitationsResolve(out);
  });

  it("reads the caller's own scans, and never another user's", async () => {
    const db = await ready();
    const owner = newUser();
    const scanRun = `run_testscan${Math.random().toString(36).slice(2, 10)}`;
    const product = {
      rawName: 'Blue Dream 3.5g',
      displayName: 'Blue Dream',
      category: 'Flower',
      price: '$35',
      matched: true,
      matchConfidence: 'high',
      strainId: null,
      strainSlug: 'blue-dream',
      strainName: 'Blue Dream',
      highFamily: 'Relaxing',
      tags: [],
      thcPct: 22.5,
    };
    await insertRun(db, {
      id: scanRun,
      taskIdentifier: 'shopping-menu-scan',
      runner: 'local',
      payload: { userId: owner, dispensaryName: 'Green Leaf', websiteDomain: 'greenleaf.example' },
      idempotencyKey: null,
      tags: [],
      ownerPid: process.pid,
      ownerHost: os.hostname(),
      instanceId: 'x',
      deadlineMs: null,
      timeoutCode: null,
    });
    await finishRun(db, scanRun, 'COMPLETED', {
      output: {
        success: true,
        cached: false,
        dispensaryName: 'Green Leaf',
        websiteDomain: 'greenleaf.example',
        scannedAt: '2026-11-20T10:00:00.000Z',
        expiresAt: '2026-11-20T14:00:00.000Z',
        products: [product],
        matchedProducts: [product],
        unmatchedProducts: [],
        recommendations: [],
        discoveries: [],
        screenshotUrl: null,
        stats: { productsCount: 1, matchedCount: 1, unmatchedCount: 0 },
      },
    });

    const mine = await post({ question: 'Where have I seen Blue Dream and what do papers say about myrcene?' }, owner);
    await localRunner().drain();
    const out = (await view(mine.body.data.runId)).body.data.output;
    const scan = out.sources.find((s: any) => s.kind === 'scan');
    expect(scan).toMatchObject({ id: `scan:${scanRun}`, title: 'Menu scan: Green Leaf, 2026-11-20', url: null, year: 2026 });
    const scanSection = out.sections.find((x: any) => x.citations.includes(`scan:${scanRun}`));
    expect(scanSection.body).toMatch(/Green Leaf/);
    expect(scanSection.body).toMatch(/THC 22.5%/);
    await expectCitationsResolve(out);

    const other = await post({ question: 'Where have I seen Blue Dream and what do papers say about myrcene?' });
    await localRunner().drain();
    const out2 = (await view(other.body.data.runId)).body.data.output;
    expect(out2.sources.some((s: any) => s.kind === 'scan')).toBe(false);
  });

  it('a question the library cannot answer still completes, with no invented sources', async () => {
    const r = await post({ question: 'What do quasars have to do with xylophones?' });
    await localRunner().drain();
    const v = await view(r.body.data.runId);
    expect(v.body.data.status).toBe('COMPLETED');
    const out = v.body.data.output;
    expect(out.sources).toEqual([]);
    for (const sec of out.sections) expect(sec.citations).toEqual([]);
    expect(out.summary).toMatch(/no paper/);
  });

  it('the same question from the same user while a run is active joins it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    setDeepResearchStageHook((stage) => (stage === 'search' ? gate : undefined));
    const user = newUser();
    const body = { question: 'How does linalool compare with myrcene for anxiety?' };
    const [a, b] = await Promise.all([post(body, user), post(body, user)]);
    expect(a.body.data.runId).toBe(b.body.data.runId);
    const c = await post(body); // another user: a run of their own
    expect(c.body.data.runId).not.toBe(a.body.data.runId);
    release();
    await localRunner().drain();
    expect((await view(a.body.data.runId)).body.data.status).toBe('COMPLETED');
  });
});

describe('GET /research/deep/:runId', () => {
  it("needs the run token: a user token is 401, another run's token is 401", async () => {
    const r = await post({ question: 'What is known about terpinolene?' });
    await localRunner().drain();
    const runId = r.body.data.runId;
    const user = await call(getRun, { path: `/api/v1/research/deep/${runId}`, params: { runId }, headers: await authHeader() });
    expect(user.status).toBe(401);
    const wrong = await call(getRun, { path: `/api/v1/research/deep/${runId}`, params: { runId }, headers: { authorization: `Bearer ${await signRunToken('run_other')}` } });
    expect(wrong.status).toBe(401);
  });

  it('404 for an unknown run and for a run of another task', async () => {
    const unknown = await view('run_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const db = await ready();
    await insertRun(db, {
      id: 'run_aforeignscan',
      taskIdentifier: 'shopping-menu-scan',
      runner: 'local',
      payload: {},
      idempotencyKey: null,
      tags: [],
      ownerPid: process.pid,
      ownerHost: os.hostname(),
      instanceId: 'x',
      deadlineMs: null,
      timeoutCode: null,
    });
    for (const handler of [getRun, streamRun]) {
      const r = await call(handler, {
        path: '/api/v1/research/deep/run_aforeignscan',
        params: { runId: 'run_aforeignscan' },
        headers: { authorization: `Bearer ${await signRunToken('run_aforeignscan')}` },
      });
      expect(r.status).toBe(404);
    }
  });
});

describe('restart', () => {
  it('a run whose process died mid-run ends FAILED RUNNER_LOST with its progress kept; asking again starts afresh', async () => {
    const db = await ready();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atRead = new Promise<void>((r) => (reached = r));
    setDeepResearchStageHook((stage) => {
      if (stage !== 'read') return;
      reached();
      return gate;
    });
    const user = newUser();
    const body = { question: 'What does research say about beta-caryophyllene and pain?' };
    const r = await post(body, user);
    const { runId, publicAccessToken } = r.body.data;
    await atRead;
    expect((await view(runId, publicAccessToken)).body.data).toMatchObject({ status: 'EXECUTING', metadata: { stage: 'read', progress: 50 } });
    // Simulate the owning process being killed: the row now belongs to a dead pid of an old instance.
    await db.query(`UPDATE task_runs SET owner_pid = $2, instance_id = 'killed-instance' WHERE id = $1`, [runId, 2 ** 22 - 3]);
    const rec = await recoverOrphanedRuns(db);
    expect(rec.failed).toBeGreaterThanOrEqual(1);
    const lost = (await view(runId, publicAccessToken)).body.data;
    expect(lost).toMatchObject({ status: 'FAILED', output: null, error: { code: 'RUNNER_LOST' }, metadata: { stage: 'read', progress: 50 } });
    // The stream of a lost run ends at once with that final state.
    const s = await call(streamRun, { path: `/api/v1/research/deep/${runId}/stream`, params: { runId }, headers: { authorization: `Bearer ${publicAccessToken}` } });
    const { events } = await readSse(s.response);
    expect(events.at(-1)!.data).toMatchObject({ status: 'FAILED', error: { code: 'RUNNER_LOST' } });
    // The orphaned task finishing late changes nothing.
    release();
    await localRunner().drain();
    expect((await view(runId, publicAccessToken)).body.data.status).toBe('FAILED');
    // Asking again is a new run (the lost one no longer holds the question), and it completes.
    setDeepResearchStageHook(null);
    const again = await post(body, user);
    expect(again.status).toBe(202);
    expect(again.body.data.runId).not.toBe(runId);
    await localRunner().drain();
    const done = (await view(again.body.data.runId)).body.data;
    expect(done.status).toBe('COMPLETED');
    await expectCitationsResolve(done.output);
  });
});
