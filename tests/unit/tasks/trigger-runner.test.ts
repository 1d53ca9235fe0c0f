import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, runMetadata } from '@trigger.dev/core/v3';
import { StandardMetadataManager } from '@trigger.dev/core/v3/workers';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as deepStart } from '@/app/api/v1/research/deep/route';
import { POST as scanToken } from '@/app/api/v1/shopping/scan-token/route';
import { ready } from '@/lib/bootstrap';
import { SCAN_TASK_ID } from '@/lib/shopping/task';
import { startTask, taskRunner } from '@/lib/tasks';
import { triggerMetadataPort } from '@/lib/tasks/trigger-metadata';
import { getRunRow } from '@/lib/tasks/store';
import { authHeader, call } from '@/tests/helpers/route';

/** A local stand-in for the Trigger.dev API that records every request. */
interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: any;
}
const KEY = 'tr_dev_abcdefghijklmnopqrst';
const seen: Seen[] = [];
let failTrigger = false;
let runCounter = 0;
let server: http.Server;
let base = '';

beforeAll(async () => {
  await ready();
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ method: req.method!, path: url.pathname, auth: req.headers.authorization, body: raw ? JSON.parse(raw) : null });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && /^\/api\/v1\/tasks\/[^/]+\/trigger$/.test(url.pathname)) {
        if (failTrigger) return send(500, { error: 'boom' });
        return send(200, { id: `run_trig${++runCounter}` });
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/auth/jwt/claims') return send(200, { sub: 'env_test', pub: true });
      if (req.method === 'PUT' && /^\/api\/v1\/runs\/[^/]+\/metadata$/.test(url.pathname)) {
        const ops = (JSON.parse(raw).operations ?? []) as Array<{ key: string; value: unknown }>;
        return send(200, { metadata: Object.fromEntries(ops.map((o) => [o.key, o.value])) });
      }
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function useTrigger() {
  process.env.TASK_RUNNER = 'trigger';
  process.env.TRIGGER_SECRET_KEY = KEY;
  process.env.TRIGGER_API_URL = base;
  process.env.SCAN_TIMEOUT_MS = '120000';
}
afterEach(() => {
  for (const k of ['TASK_RUNNER', 'TRIGGER_SECRET_KEY', 'TRIGGER_API_URL', 'SCAN_TIMEOUT_MS']) delete process.env[k];
  seen.length = 0;
  failTrigger = false;
});

const input = (host: string) => ({ dispensaryName: 'Green Leaf', websiteDomain: host, menuUrls: [`https://${host}/menu`], categories: ['flower'], userId: 'user-1' });

describe('trigger runner against a Trigger.dev stand-in', () => {
  it('tasks.trigger: POST /api/v1/tasks/shopping-menu-scan/trigger with the secret key, payload, idempotency key, TTL and tags', async () => {
    useTrigger();
    const { runId, deduplicated } = await startTask(SCAN_TASK_ID, input('trig-a.example'), { idempotencyKey: 'trig-a.example|abc', tags: ['domain:trig-a.example'] });
    expect(deduplicated).toBe(false);
    expect(runId).toMatch(/^run_trig\d+$/);
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req).toMatchObject({ method: 'POST', path: '/api/v1/tasks/shopping-menu-scan/trigger', auth: `Bearer ${KEY}` });
    // the SDK serialises payloads as superjson
    expect(JSON.parse(req.body.payload).json).toEqual({ ...input('trig-a.example'), forceRefresh: false, useInteract: false });
    expect(req.body.options).toMatchObject({
      payloadType: 'application/super+json',
      idempotencyKeyOptions: { key: 'trig-a.example|abc', scope: 'global' },
      tags: ['domain:trig-a.example'],
      idempotencyKeyTTL: '150s',
      maxDuration: 120,
    });
    expect(req.body.options.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    // the mirror row holds the de-duplication claim in our database
    const row = await getRunRow(await ready(), runId);
    expect(row).toMatchObject({ runner: 'trigger', status: 'QUEUED', idempotencyKey: 'trig-a.example|abc' });

    // the same key again: answered from the claim, no second request to Trigger.dev
    const again = await startTask(SCAN_TASK_ID, input('trig-a.example'), { idempotencyKey: 'trig-a.example|abc' });
    expect(again).toEqual({ runId, deduplicated: true });
    expect(seen).toHaveLength(1);
  });

  it('the idempotency key is derived deterministically from the key material', async () => {
    useTrigger();
    await startTask(SCAN_TASK_ID, input('trig-b.example'), { idempotencyKey: 'trig-b.example|h1' });
    await (await ready()).query(`UPDATE task_runs SET status = 'COMPLETED' WHERE idempotency_key = 'trig-b.example|h1'`);
    await startTask(SCAN_TASK_ID, input('trig-b.example'), { idempotencyKey: 'trig-b.example|h1' });
    expect(seen).toHaveLength(2);
    expect(seen[0].body.options.idempotencyKey).toBe(seen[1].body.options.idempotencyKey);
  });

  it('auth.createPublicToken: claims from POST /api/v1/auth/jwt/claims, a JWT reading only that run for 1 hour', async () => {
    useTrigger();
    const token = await taskRunner().createRunToken('run_trig42');
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/auth/jwt/claims', auth: `Bearer ${KEY}`, body: null }]);
    const { payload } = await jwtVerify(token, new TextEncoder().encode(KEY));
    expect(payload).toMatchObject({ sub: 'env_test', pub: true, scopes: ['read:runs:run_trig42'] });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it("auth.createTriggerPublicToken('shopping-menu-scan'): a one-time token for the task, 10 minutes", async () => {
    useTrigger();
    const token = await taskRunner().createTriggerToken(SCAN_TASK_ID);
    expect(seen.map((s) => `${s.method} ${s.path} ${s.auth}`)).toEqual([`POST /api/v1/auth/jwt/claims Bearer ${KEY}`]);
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({ otu: true, scopes: ['trigger:tasks:shopping-menu-scan'] });
    expect(payload.exp! - payload.iat!).toBe(600);
  });

  it('a failing Trigger.dev API is 503 TRIGGER_UNAVAILABLE from scan-token, and leaves no claim behind', async () => {
    useTrigger();
    failTrigger = true;
    const r = await call(scanToken, {
      path: '/api/v1/shopping/scan-token',
      method: 'POST',
      body: { dispensaryName: 'x', menuUrls: ['https://trig-fail.example/menu'], userId: 'user-1', triggerServerSide: true },
      headers: await authHeader('user-1'),
    });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('TRIGGER_UNAVAILABLE');
    expect(seen.filter((s) => s.path.endsWith('/trigger'))).toHaveLength(1); // no retries: the answer is prompt
    const rows = await (await ready()).query(`SELECT id FROM task_runs WHERE idempotency_key LIKE 'trig-fail.example|%'`);
    expect(rows.rowCount).toBe(0);
  });

  it('scan-token server-side variant with the trigger runner answers Trigger.dev run id and public token', async () => {
    useTrigger();
    const r = await call(scanToken, {
      path: '/api/v1/shopping/scan-token',
      method: 'POST',
      body: { dispensaryName: 'x', menuUrls: ['https://www.trig-c.example/menu'], userId: 'user-1', triggerServerSide: true },
      headers: await authHeader('user-1'),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.runId).toMatch(/^run_trig/);
    expect(decodeJwt(r.body.data.publicAccessToken).scopes).toEqual([`read:runs:${r.body.data.runId}`]);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/v1/tasks/shopping-menu-scan/trigger', 'POST /api/v1/auth/jwt/claims']);
  });
});

describe('scan-token variants on the trigger runner', () => {
  const post = async (body: Record<string, unknown>) =>
    call(scanToken, { path: '/api/v1/shopping/scan-token', method: 'POST', body: { dispensaryName: 'x', userId: 'user-1', ...body }, headers: await authHeader('user-1') });

  it('client-side: a Trigger.dev one-time trigger token; de-duplication: the running scan with a Trigger.dev read token', async () => {
    useTrigger();
    const client = await post({ menuUrls: ['https://trig-d.example/menu'] });
    expect(client.status).toBe(200);
    expect(decodeJwt(client.body.data.triggerToken)).toMatchObject({ otu: true, scopes: ['trigger:tasks:shopping-menu-scan'] });
    expect(client.body.data.menuUrls).toEqual(['https://trig-d.example/menu']);

    const started = await post({ menuUrls: ['https://trig-d.example/menu'], triggerServerSide: true });
    const joined = await post({ menuUrls: ['https://www.trig-d.example/other'], forceRefresh: true });
    expect(joined.body.data.existingRunId).toBe(started.body.data.runId);
    expect(decodeJwt(joined.body.data.publicAccessToken).scopes).toEqual([`read:runs:${started.body.data.runId}`]);
    expect(seen.filter((s) => s.path.endsWith('/trigger'))).toHaveLength(1);
  });
});

describe("the metadata adapter over Trigger.dev's run metadata", () => {
  it('set/get locally, flush PUTs the operations to /api/v1/runs/:id/metadata', async () => {
    const manager = new StandardMetadataManager(new ApiClient(base, KEY));
    manager.runId = 'run_meta1';
    runMetadata.setGlobalManager(manager);
    const port = triggerMetadataPort();
    port.set('currentStage', 'scrape').set('progress', 12).set('progress', 20);
    expect(port.get('progress')).toBe(20);
    expect(port.get('currentStage')).toBe('scrape');
    await port.flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/api/v1/runs/run_meta1/metadata', auth: `Bearer ${KEY}` });
    const ops = seen[0].body.operations as Array<{ type: string; key: string; value: unknown }>;
    expect(ops.filter((o) => o.type === 'set').map((o) => [o.key, o.value])).toEqual([
      ['currentStage', 'scrape'],
      ['progress', 20],
    ]);
  });
});

describe('trigger/shopping-menu-scan.ts', () => {
  it('is a schemaTask with the task id and the task-input schema', async () => {
    const { shoppingMenuScan } = await import('@/trigger/shopping-menu-scan');
    const { ScanTaskInput } = await import('@/lib/shopping/schemas');
    expect(shoppingMenuScan.id).toBe('shopping-menu-scan');
    expect(shoppingMenuScan.schema).toBe(ScanTaskInput);
  });
});

describe('deep research on the trigger runner', () => {
  it('POST /research/deep triggers the deep-research task on Trigger.dev with the question and the caller, and answers its run id with a read token', async () => {
    useTrigger();
    const r = await call(deepStart, {
      path: '/api/v1/research/deep',
      method: 'POST',
      body: { question: 'How does myrcene relate to sleep in the studies?' },
      headers: await authHeader('deep-trigger-user'),
    });
    expect(r.status).toBe(202);
    expect(r.body.data.runId).toMatch(/^run_trig\d+$/);
    expect(typeof r.body.data.publicAccessToken).toBe('string');
    const trig = seen.find((x) => x.method === 'POST' && x.path === '/api/v1/tasks/deep-research/trigger');
    expect(trig?.auth).toBe(`Bearer ${KEY}`);
    const payload = JSON.parse(trig!.body.payload).json;
    expect(payload).toMatchObject({ question: 'How does myrcene relate to sleep in the studies?', userId: 'deep-trigger-user' });
    expect(await getRunRow(await ready(), r.body.data.runId)).toMatchObject({ runner: 'trigger', status: 'QUEUED' });
  });

  it('trigger/deep-research.ts is a task with the deep-research id', async () => {
    const { deepResearch } = await import('@/trigger/deep-research');
    expect(deepResearch.id).toBe('deep-research');
  });
});
