import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, type CallResult } from '@/tests/helpers/route';
import { POST as BACKFILL } from '@/app/api/v1/admin/backfill/route';
import { POST as TRIGGER } from '@/app/api/v1/admin/trigger/route';
import { GET as DAILY_SYNC } from '@/app/api/v1/cron/daily-sync/route';
import { POST as PIPELINE } from '@/app/api/v1/trigger/pipeline/route';
import { ready } from '@/lib/bootstrap';

const API_KEY = 'internal-api-key-for-tests-0123456789';
const CRON_SECRET = 'cron-secret-for-tests-9876543210';

type Endpoint = { name: string; accepts: Array<'API_KEY' | 'CRON_SECRET'>; send: (headers: Record<string, string>) => Promise<CallResult> };
const endpoints: Endpoint[] = [
  { name: 'POST /admin/backfill', accepts: ['API_KEY'], send: (headers) => call(BACKFILL, { path: '/api/v1/admin/backfill', body: { job: 'high-family' }, headers }) },
  {
    name: 'POST /admin/trigger',
    accepts: ['API_KEY'],
    send: (headers) =>
      call(TRIGGER, { path: '/api/v1/admin/trigger', body: { task: 'strain-research', payload: { submissionId: '00000000-0000-4000-8000-000000000001' } }, headers }),
  },
  { name: 'GET /cron/daily-sync', accepts: ['CRON_SECRET'], send: (headers) => call(DAILY_SYNC, { path: '/api/v1/cron/daily-sync', headers }) },
  { name: 'POST /trigger/pipeline', accepts: ['API_KEY', 'CRON_SECRET'], send: (headers) => call(PIPELINE, { path: '/api/v1/trigger/pipeline', body: { limit: 1 }, headers }) },
];

const saved = { APP_ENV: process.env.APP_ENV, API_KEY: process.env.API_KEY, CRON_SECRET: process.env.CRON_SECRET };
function setEnv(appEnv: string, configured: boolean) {
  process.env.APP_ENV = appEnv;
  if (configured) {
    process.env.API_KEY = API_KEY;
    process.env.CRON_SECRET = CRON_SECRET;
  } else {
    delete process.env.API_KEY;
    delete process.env.CRON_SECRET;
  }
}
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});
beforeAll(async () => {
  await ready();
});

const bearer = (v: string) => ({ authorization: `Bearer ${v}` });
const secretValue = { API_KEY, CRON_SECRET };

function expectUnauthorized(r: CallResult) {
  expect(r.status).toBe(401);
  // The specification's flat authentication body, not the envelope.
  expect(r.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  expect(typeof r.body.error).toBe('string');
  expect(r.body.data).toBeUndefined();
}

describe.each(endpoints)('$name', (ep) => {
  const rejected = (['API_KEY', 'CRON_SECRET'] as const).filter((s) => !ep.accepts.includes(s));

  describe.each(['production', 'test'])('in %s (fail closed)', (appEnv) => {
    it.each(ep.accepts)('accepts the right secret (%s)', async (secret) => {
      setEnv(appEnv, true);
      const r = await ep.send(bearer(secretValue[secret]));
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
    });

    it('refuses a wrong secret', async () => {
      setEnv(appEnv, true);
      expectUnauthorized(await ep.send(bearer('definitely-not-the-secret')));
      expectUnauthorized(await ep.send(bearer(`${API_KEY}x`)));
      expectUnauthorized(await ep.send({ authorization: API_KEY })); // no Bearer scheme
    });

    if (rejected.length) {
      it.each(rejected)('refuses the other family’s secret (%s)', async (secret) => {
        setEnv(appEnv, true);
        expectUnauthorized(await ep.send(bearer(secretValue[secret])));
      });
    }

    it('refuses a missing secret', async () => {
      setEnv(appEnv, true);
      expectUnauthorized(await ep.send({}));
    });

    it('refuses everything when the secret is not configured', async () => {
      setEnv(appEnv, false);
      expectUnauthorized(await ep.send(bearer(API_KEY)));
      expectUnauthorized(await ep.send({}));
    });

    it('honours a localhost Host header only outside production (docs/contract.md §1)', async () => {
      setEnv(appEnv, true);
      const r = await ep.send({ host: 'localhost:3001', ...bearer('wrong') });
      if (appEnv === 'production') expectUnauthorized(r);
      else expect(r.status).toBe(200);
    });
  });

  describe('in development (fail open)', () => {
    it.each([
      ['right secret', true, () => bearer(secretValue[ep.accepts[0]])],
      ['wrong secret', true, () => bearer('wrong')],
      ['missing secret', true, () => ({})],
      ['unconfigured secret', false, () => ({})],
    ])('lets the call through: %s', async (_label, configured, headers) => {
      setEnv('development', configured);
      const r = await ep.send(headers());
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
    });
  });
});
