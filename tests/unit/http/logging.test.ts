import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { createLogger, logger, setLogger } from '@/lib/log';
import { call, userToken } from '@/tests/helpers/route';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  setLogger(createLogger(sink, 'info'));
  return lines;
}

afterEach(() => setLogger(null));

describe('structured request logs', () => {
  it('one JSON line per request with request id, route, status and duration; no secrets', async () => {
    const lines = capture();
    const token = await userToken('log-user', 'premium');
    const route = defineRoute({ response: z.unknown(), auth: 'user', limit: false, db: false, body: z.object({ password: z.string() }) }, async () => 'ok');
    const r = await call(route, { path: '/api/v1/things/abc', body: { password: 'hunter2' }, headers: { authorization: `Bearer ${token}`, 'x-admin-key': 'admin-secret' } });
    expect(r.status).toBe(200);
    const entries = lines.map((l) => JSON.parse(l));
    const req = entries.find((e) => e.msg === 'request');
    expect(req).toMatchObject({ requestId: r.body.meta.requestId, route: '/api/v1/things/abc', method: 'POST', status: 200 });
    expect(typeof req.durationMs).toBe('number');
    expect(req.time).toMatch(/Z$/);
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain('admin-secret');
  });

  it('redacts secret-looking fields when code logs objects', () => {
    const lines = capture();
    logger().info({ headers: { authorization: 'Bearer abc.def.ghi', 'x-admin-key': 'k' }, token: 't0k', publicAccessToken: 'pat' }, 'x');
    const e = JSON.parse(lines[0]);
    expect(e.headers.authorization).toBe('[redacted]');
    expect(e.headers['x-admin-key']).toBe('[redacted]');
    expect(e.token).toBe('[redacted]');
    expect(e.publicAccessToken).toBe('[redacted]');
  });
});
