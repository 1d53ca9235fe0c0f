import { readSse as readSseEvents } from '@/tests/helpers/sse';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GET as getRun } from '@/app/api/v1/shopping/runs/[runId]/route';
import { GET as streamRun } from '@/app/api/v1/shopping/runs/[runId]/stream/route';
import { POST as startRun } from '@/app/api/v1/shopping/runs/route';
import { ready } from '@/lib/bootstrap';
import { localRunner, registerTask, signRunToken, signTriggerToken } from '@/lib/tasks';
import { authHeader, call } from '@/tests/helpers/route';

beforeAll(async () => {
  await ready();
  process.env.RUN_STREAM_POLL_MS = '20';
});

const steps = registerTask({
  id: 'test-steps',
  schema: z.object({ steps: z.number(), delayMs: z.number(), fail: z.boolean().optional() }),
  async run(input, ctx) {
    for (let i = 1; i <= input.steps; i++) {
      await new Promise((r) => setTimeout(r, input.delayMs));
      ctx.metadata.set('progress', i * 10).set('currentStage', `step-${i}`);
      await ctx.metadata.flush();
    }
    if (input.fail) throw Object.assign(new Error('menu refused'), { code: 'MENU_NOT_ACCESSIBLE' });
    return { done: input.steps };
  },
});

/** Events as `{ event, id, data }` (data parsed). */
const readSse = async (res: Response) => (await readSseEvents(res)).events.map((e) => ({ event: e.event ?? 'message', id: e.id, data: e.data }));

const path = (id: string) => `/api/v1/shopping/runs/${id}`;

describe('GET /shopping/runs/:runId', () => {
  it('answers the run view with its own token', async () => {
    const { runId } = await localRunner().start(steps, { steps: 1, delayMs: 1 }, {});
    await localRunner().drain();
    const r = await call(getRun, { path: path(runId), params: { runId }, headers: { authorization: `Bearer ${await signRunToken(runId)}` } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data).sort()).toEqual(['createdAt', 'error', 'id', 'metadata', 'output', 'status', 'taskIdentifier', 'updatedAt']);
    expect(r.body.data).toMatchObject({
      id: runId,
      taskIdentifier: 'test-steps',
      status: 'COMPLETED',
      output: { done: 1 },
      error: null,
      metadata: { progress: 10, currentStage: 'step-1' },
    });
  });

  it.each([
    ['no token', async () => null, 401, 'UNAUTHORIZED'],
    ['a user token', async () => (await authHeader()).authorization.slice(7), 401, 'UNAUTHORIZED'],
    ["another run's token", async () => signRunToken('run_other'), 401, 'UNAUTHORIZED'],
    ['a trigger token', async () => signTriggerToken('shopping-menu-scan'), 401, 'UNAUTHORIZED'],
    ['an expired run token', async (id: string) => signRunToken(id, -5), 401, 'UNAUTHORIZED'],
    [
      'a token signed with another key',
      async (id: string) =>
        new SignJWT({ token_use: 'run', run_id: id })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('cannabis-intelligence-api')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(40))),
      401,
      'UNAUTHORIZED',
    ],
  ])('%s → %i %s (flat body)', async (_n, token, status, code) => {
    const { runId } = await localRunner().start(steps, { steps: 0, delayMs: 0 }, {});
    const t = await token(runId);
    for (const handler of [getRun, streamRun]) {
      const r = await call(handler, { path: path(runId), params: { runId }, headers: t ? { authorization: `Bearer ${t}` } : {} });
      expect(r.status).toBe(status);
      expect(r.body).toMatchObject({ success: false, code });
      expect(typeof r.body.error).toBe('string');
    }
  });

  it('an unknown run with a token for it is 404 NOT_FOUND', async () => {
    const r = await call(getRun, { path: path('run_missing'), params: { runId: 'run_missing' }, headers: { authorization: `Bearer ${await signRunToken('run_missing')}` } });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Run not found: run_missing' });
  });
});

describe('GET /shopping/runs/:runId/stream', () => {
  it('sends the current state, every metadata change in order, and the final state', async () => {
    const { runId } = await localRunner().start(steps, { steps: 4, delayMs: 60 }, {});
    const r = await call(streamRun, { path: `${path(runId)}/stream`, params: { runId }, headers: { authorization: `Bearer ${await signRunToken(runId)}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readSse(r.response);
    expect(events.every((e) => e.event === 'update')).toBe(true);
    expect(['QUEUED', 'EXECUTING']).toContain(events[0].data.status);
    const last = events.at(-1)!;
    expect(last.data).toMatchObject({ id: runId, status: 'COMPLETED', output: { done: 4 }, metadata: { progress: 40, currentStage: 'step-4' } });
    const progress = events.map((e) => e.data.metadata.progress ?? 0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress.filter((p) => p > 0))).toEqual(new Set([10, 20, 30, 40]));
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(events.filter((e) => e.data.status === 'COMPLETED')).toHaveLength(1);
  });

  it('a failed run ends the stream with its error', async () => {
    const { runId } = await localRunner().start(steps, { steps: 1, delayMs: 10, fail: true }, {});
    const r = await call(streamRun, { path: `${path(runId)}/stream`, params: { runId }, headers: { authorization: `Bearer ${await signRunToken(runId)}` } });
    const events = await readSse(r.response);
    expect(events.at(-1)!.data).toMatchObject({ status: 'FAILED', output: null, error: { code: 'MENU_NOT_ACCESSIBLE', message: 'menu refused' } });
  });

  it('a finished run streams its state once and closes', async () => {
    const { runId } = await localRunner().start(steps, { steps: 0, delayMs: 0 }, {});
    await localRunner().drain();
    const r = await call(streamRun, { path: `${path(runId)}/stream`, params: { runId }, headers: { authorization: `Bearer ${await signRunToken(runId)}` } });
    const events = await readSse(r.response);
    expect(events).toHaveLength(1);
    expect(events[0].data.status).toBe('COMPLETED');
  });
});

describe('POST /shopping/runs', () => {
  const input = { dispensaryName: 'Green Leaf', websiteDomain: 'runs-test.example', menuUrls: ['https://runs-test.example/menu'], userId: 'u1' };
  it.each([
    ['no token', null, 401, 'UNAUTHORIZED'],
    ['a user token', 'user', 401, 'UNAUTHORIZED'],
    ['a run token', 'run', 401, 'UNAUTHORIZED'],
    ['a trigger token for another task', 'other-task', 401, 'UNAUTHORIZED'],
    ['an expired trigger token', 'expired', 401, 'UNAUTHORIZED'],
  ])('%s → %i %s', async (_n, kind, status, code) => {
    const token =
      kind === 'user'
        ? (await authHeader()).authorization.slice(7)
        : kind === 'run'
          ? await signRunToken('run_x')
          : kind === 'other-task'
            ? await signTriggerToken('strain-research')
            : kind === 'expired'
              ? await signTriggerToken('shopping-menu-scan', -5)
              : null;
    const r = await call(startRun, { path: '/api/v1/shopping/runs', method: 'POST', body: input, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, code });
  });

  it('invalid task input is 400 BAD_REQUEST and does not spend the token', async () => {
    const token = await signTriggerToken('shopping-menu-scan');
    const headers = { authorization: `Bearer ${token}` };
    const bad = await call(startRun, { path: '/api/v1/shopping/runs', method: 'POST', body: { ...input, menuUrls: ['file:///etc/passwd'] }, headers });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
    const mismatch = await call(startRun, { path: '/api/v1/shopping/runs', method: 'POST', body: { ...input, websiteDomain: 'elsewhere.example' }, headers });
    expect(mismatch.status).toBe(400);
    const good = await call(startRun, { path: '/api/v1/shopping/runs', method: 'POST', body: input, headers });
    expect(good.status).toBe(200);
    expect(good.body.data.runId).toMatch(/^run_/);
  });
});
