import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as start } from '@/app/api/v1/research/deep/route';
import { GET as getRun } from '@/app/api/v1/research/deep/[runId]/route';
import { GET as streamRun } from '@/app/api/v1/research/deep/[runId]/stream/route';
import { ready } from '@/lib/bootstrap';
import { getPaper } from '@/lib/research/papers';
import { localRunner, recoverOrphanedRuns, signRunToken } from '@/lib/tasks';
import { authHeader, call } from '@/tests/helpers/route';
import { readSse } from '@/tests/helpers/sse';

// Deep research on real PostgreSQL (DATABASE_URL): a run to completion, and a run whose process
// is killed mid-run, recovered at the next start-up like a menu scan.
const QUESTION = 'What is known about myrcene and sleep?';

describe.runIf(Boolean(process.env.DATABASE_URL))('deep research on PostgreSQL', () => {
  beforeAll(async () => {
    process.env.RUN_STREAM_POLL_MS = '50';
    await ready();
  });

  it('a killed run is FAILED RUNNER_LOST with its stage kept; asking again completes with resolvable citations', async () => {
    const db = await ready();
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'tests/integration/research/deep-child-runner.ts', QUESTION], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const runId = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout!.on('data', (d) => {
        buf += String(d);
        const m = /RUN (run_\w+)/.exec(buf);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    const token = await signRunToken(runId);
    const view = async (id: string, t = token) =>
      (await call(getRun, { path: `/api/v1/research/deep/${id}`, params: { runId: id }, headers: { authorization: `Bearer ${t}` } })).body.data;
    expect(await view(runId)).toMatchObject({ status: 'EXECUTING', metadata: { stage: 'read', progress: 50 } });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    expect((await recoverOrphanedRuns(db)).failed).toBeGreaterThanOrEqual(1);
    const lost = await view(runId);
    expect(lost).toMatchObject({ status: 'FAILED', output: null, error: { code: 'RUNNER_LOST' }, metadata: { stage: 'read', progress: 50 } });
    expect(lost.metadata.sourcesFound).toBeGreaterThan(0);

    const again = await call(start, { path: '/api/v1/research/deep', method: 'POST', body: { question: QUESTION }, headers: await authHeader('deep-kill-user') });
    expect(again.status).toBe(202);
    expect(again.body.data.runId).not.toBe(runId);
    const s = await call(streamRun, {
      path: `/api/v1/research/deep/${again.body.data.runId}/stream`,
      params: { runId: again.body.data.runId },
      headers: { authorization: `Bearer ${again.body.data.publicAccessToken}` },
    });
    const { events } = await readSse(s.response);
    const done = events.at(-1)!.data;
    expect(done.status).toBe('COMPLETED');
    const ids = new Set(done.output.sources.map((x: any) => x.id));
    for (const sec of done.output.sections) for (const c of sec.citations) expect(ids.has(c)).toBe(true);
    for (const src of done.output.sources.filter((x: any) => x.kind === 'paper')) expect((await getPaper(db, src.id.replace(/^paper:/, '')))?.title).toBe(src.title);
    await localRunner().drain();
  });
});
