import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { ROUTE_MODULES } from '@/lib/http/route-manifest';
import type { NextHandler } from '@/lib/http/define-route';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { call } from '@/tests/helpers/route';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const vercel = JSON.parse(fs.readFileSync(path.join(ROOT, 'vercel.json'), 'utf8')) as { crons: { path: string; schedule: string }[] };

beforeAll(() => ready().then(() => undefined), 180_000);
afterEach(() => {
  delete process.env.CRON_SECRET;
  delete process.env.APP_ENV;
});

describe('vercel.json crons', () => {
  it('schedules every scheduled job: the daily sync and the research pipeline, each a valid five-field schedule', () => {
    expect(vercel.crons.map((c) => c.path).sort()).toEqual(['/api/v1/cron/daily-sync', '/api/v1/trigger/pipeline']);
    for (const c of vercel.crons) expect(c.schedule).toMatch(/^(\S+\s){4}\S+$/);
  });

  it.each(vercel.crons.map((c) => [c.path]))(
    '%s is a GET route that takes the CRON_SECRET bearer Vercel sends, and refuses a call without it',
    async (p) => {
      const mod = ROUTE_MODULES.find((r) => r.path === p);
      expect(mod, `${p} has a route module`).toBeTruthy();
      const get = mod!.module.GET as NextHandler;
      expect(['cron', 'internal']).toContain(get.routeMeta.options.auth);
      // Production rules (fail closed), as on Vercel.
      process.env.APP_ENV = 'production';
      process.env.CRON_SECRET = 'cron-secret-for-this-test-0123456789';
      setLimitStore(new MemoryStore());
      const denied = await call(get, { path: p });
      expect(denied.status).toBe(401);
      const ok = await call(get, { path: p, headers: { authorization: `Bearer ${process.env.CRON_SECRET}` } });
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);
      expect(typeof ok.body.data.alreadyRunning).toBe('boolean');
    },
    120_000,
  );
});
