import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, authHeader } from '@/tests/helpers/route';
import { POST } from '@/app/api/v1/research/strains/submit/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { getSubmission } from '@/lib/research';
import { startOpenAiStandIn } from '@/tests/api/research/helpers/openai-stand-in';
import { startWellInsideWindow } from '@/tests/helpers/limit-window';

let db: Db;
let ipSeq = 0;
// Every request gets its own client address so the 5/hour limit only bites where a test wants it.
const freshIp = () => `198.51.100.${++ipSeq % 250}, 10.${ipSeq >> 8}.0.1`;
const submit = (body: unknown, headers: Record<string, string> = {}) =>
  call(POST, { path: '/api/v1/research/strains/submit', method: 'POST', body, headers: { 'x-forwarded-for': freshIp(), ...headers } });

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  db = await ready();
});

const words = ['Moonwalk', 'Tangerine', 'Velvet', 'Harbor', 'Lantern', 'Copper', 'Orchid', 'Meadow', 'Falcon', 'Ember', 'Quartz', 'Juniper'];
function nameOfLength(n: number): string {
  let s = '';
  for (let i = 0; s.length < n; i++) s += (s ? ' ' : '') + words[i % words.length];
  return s.slice(0, n).replace(/ $/, 'x');
}
const terps = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `terp${String.fromCharCode(97 + (i % 26))}${i}`, percentage: 0.1 }));

describe('POST /research/strains/submit: validation (400 VALIDATION_ERROR)', () => {
  it.each([
    ['missing strainName', {}, ['strainName']],
    ['strainName not a string', { strainName: 42 }, ['strainName']],
    ['strainName length 1', { strainName: 'A' }, ['strainName']],
    ['strainName length 201', { strainName: nameOfLength(201) }, ['strainName']],
    ['strainName with a NUL character', { strainName: 'Blue\u0000Dream' }, ['strainName']],
    ['terpene name with a NUL character', { strainName: 'Velvet Harbor', metadata: { terpenes: [{ name: 'myr\u0000cene', percentage: 1 }] } }, ['metadata', 'terpenes', 0, 'name']],
    ['unknown source', { strainName: 'Velvet Harbor', source: 'email' }, ['source']],
    ['21 terpenes', { strainName: 'Velvet Harbor', metadata: { terpenes: terps(21) } }, ['metadata', 'terpenes']],
    ['terpene percentage -1', { strainName: 'Velvet Harbor', metadata: { terpenes: [{ name: 'myrcene', percentage: -1 }] } }, ['metadata', 'terpenes', 0, 'percentage']],
    ['terpene percentage 101', { strainName: 'Velvet Harbor', metadata: { terpenes: [{ name: 'myrcene', percentage: 101 }] } }, ['metadata', 'terpenes', 0, 'percentage']],
    ['terpene name empty', { strainName: 'Velvet Harbor', metadata: { terpenes: [{ name: '', percentage: 1 }] } }, ['metadata', 'terpenes', 0, 'name']],
    ['terpene name 61 chars', { strainName: 'Velvet Harbor', metadata: { terpenes: [{ name: 'm'.repeat(61), percentage: 1 }] } }, ['metadata', 'terpenes', 0, 'name']],
    ['terpene without percentage', { strainName: 'Velvet Harbor', metadata: { terpenes: [{ name: 'myrcene' }] } }, ['metadata', 'terpenes', 0, 'percentage']],
    ['thc -1', { strainName: 'Velvet Harbor', metadata: { cannabinoids: { thc: -1 } } }, ['metadata', 'cannabinoids', 'thc']],
    ['cbd 101', { strainName: 'Velvet Harbor', metadata: { cannabinoids: { cbd: 101 } } }, ['metadata', 'cannabinoids', 'cbd']],
    ['unknown productType', { strainName: 'Velvet Harbor', metadata: { productType: 'gummy' } }, ['metadata', 'productType']],
  ])('%s', async (_label, body, path) => {
    const r = await submit(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.details.map((d: { path: unknown[] }) => d.path)).toContainEqual(path);
  });

  it('answers 400 BAD_REQUEST for a body that is not JSON', async () => {
    const r = await submit('{not json');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
  });

  it.each([
    ['strainName length 2', { strainName: 'Zq' }],
    ['strainName length 200', { strainName: nameOfLength(200) }],
    [
      '20 terpenes, percentage 0 and 100',
      { strainName: 'Copper Orchid Twenty', metadata: { terpenes: [...terps(18), { name: 'myrcene', percentage: 0 }, { name: 'limonene', percentage: 100 }] } },
    ],
    [
      'cannabinoids 0 and 100, every product type field',
      { strainName: 'Copper Orchid Edge', source: 'api', metadata: { cannabinoids: { thc: 100, cbd: 0 }, productType: 'unknown' } },
    ],
  ])('accepts the boundary: %s', async (_label, body) => {
    const r = await submit(body);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('queued');
  });
});

describe('POST /research/strains/submit: rejection (422 STRAIN_REJECTED)', () => {
  it.each([
    ['http://spam.example/buy', 'url'],
    ['www.weedshop kush', 'url'],
    ['kush@dealer.example', 'email'],
    ['X 1234', 'too_few_letters'],
    ['12345 OG', 'mostly_symbols'],
    ['Purpleeeee Rain', 'repeated_character'],
    ['Fucking Dream', 'profanity'],
  ])('%j → %s', async (strainName, reason) => {
    const r = await submit({ strainName });
    expect(r.status).toBe(422);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('STRAIN_REJECTED');
    expect(r.body.error.details).toEqual({ reason });
    const rows = await db.query(`SELECT 1 FROM research_submissions WHERE strain_name = $1`, [strainName]);
    expect(rows.rows).toEqual([]);
  });
});

describe('POST /research/strains/submit: duplicates', () => {
  it.each([
    ['exact name', 'Blue Dream', 'blue-dream'],
    ['different case and spacing', '  blue   DREAM ', 'blue-dream'],
    ['slug form', 'blue-dream', 'blue-dream'],
    ['a catalog name that would fail a rule', 'G13', 'g13'],
  ])('against the catalog: %s', async (_label, strainName, slug) => {
    const r = await submit({ strainName });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'duplicate', submissionId: null, strain: { slug } });
    expect(typeof r.body.data.message).toBe('string');
  });

  it('against the catalog by trigram similarity ≥ 0.8, but not below it', async () => {
    const near = 'Granddaddy Purplee';
    const far = 'Granddaddy Plum Haze';
    const sims = await db.query<{ near: number; far: number }>(`SELECT similarity('granddaddy purple', $1) AS near, similarity('granddaddy purple', $2) AS far`, [
      near.toLowerCase(),
      far.toLowerCase(),
    ]);
    expect(sims.rows[0].near).toBeGreaterThanOrEqual(0.8);
    expect(sims.rows[0].far).toBeLessThan(0.8);
    const dup = await submit({ strainName: near });
    expect(dup.body.data).toMatchObject({ status: 'duplicate', strain: { slug: 'granddaddy-purple', name: 'Granddaddy Purple' } });
    const fresh = await submit({ strainName: far });
    expect(fresh.body.data.status).toBe('queued');
  });

  it('against the queue: the same new name twice is queued once', async () => {
    const first = await submit({ strainName: 'Lantern Falcon' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'queued', strain: null });
    expect(first.body.data.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await submit({ strainName: 'lantern  FALCON' });
    expect(again.body.data).toMatchObject({ status: 'duplicate', submissionId: first.body.data.submissionId, strain: null });
    const n = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM research_submissions WHERE name_key = 'lantern-falcon'`);
    expect(n.rows[0].n).toBe(1);
  });
});

describe('POST /research/strains/submit: an accepted name is researched', () => {
  it('queues, starts the strain-research task, and leaves a pending_review draft built from the metadata', async () => {
    const r = await submit({
      strainName: 'Quartz Meadow',
      source: 'api',
      metadata: {
        terpenes: [
          { name: 'beta-Myrcene', percentage: 0.6 },
          { name: 'Limonene', percentage: 0.2 },
        ],
        cannabinoids: { thc: 21.5 },
        productType: 'flower',
      },
    });
    expect(r.body.data.status).toBe('queued');
    const id = r.body.data.submissionId as string;
    const sub = await waitFor(async () => {
      const s = await getSubmission(db, id);
      return s?.status === 'pending_review' ? s : null;
    });
    expect(sub.runId).toBeTruthy();
    expect(sub.source).toBe('api');
    expect(sub.draft).toMatchObject({
      name: 'Quartz Meadow',
      slug: 'quartz-meadow',
      thc: 21.5,
      terpenes: [
        { name: 'myrcene', percentage: 0.6 },
        { name: 'limonene', percentage: 0.2 },
      ],
      highFamily: 'Relaxing',
      engine: 'local',
      provenance: { terpenes: 'submitted', thc: 'submitted' },
    });
    const run = await db.query<{ status: string; task_identifier: string }>(`SELECT status, task_identifier FROM task_runs WHERE id = $1`, [sub.runId]);
    expect(run.rows[0]).toEqual({ status: 'COMPLETED', task_identifier: 'strain-research' });
  });
});

describe('POST /research/strains/submit: 5 per hour per IP (production mode)', () => {
  const saved = { APP_ENV: process.env.APP_ENV };
  beforeAll(() => {
    process.env.APP_ENV = 'production';
  });
  afterAll(() => {
    if (saved.APP_ENV === undefined) delete process.env.APP_ENV;
    else process.env.APP_ENV = saved.APP_ENV;
  });

  it('limits by the address the trusted proxy saw (TRUSTED_PROXY=hops:1), also for signed-in users, whatever the client writes in X-Forwarded-For', async () => {
    process.env.TRUSTED_PROXY = 'hops:1';
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    await startWellInsideWindow();
    for (let i = 0; i < 5; i++) {
      // the client picks a new left-hand value every time; the proxy appends what it saw
      const r = await submit({ strainName: `Ember Juniper ${String.fromCharCode(97 + i)}x` }, { 'x-forwarded-for': `198.51.100.${i}, ${ip}` });
      statuses.push(r.status);
      expect(r.headers.get('x-ratelimit-limit')).toBe('5');
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // A signed-in user behind the same address shares the address's bucket.
    const sixth = await submit({ strainName: 'Ember Juniper Six' }, { 'x-forwarded-for': `198.51.100.99, ${ip}`, ...(await authHeader('user-42', 'premium')) });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    const retry = Number(sixth.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(sixth.body.error.details.retryAfter).toBe(retry);
    expect(sixth.body.error.stack).toBeUndefined();
    // Another address is not affected.
    const other = await submit({ strainName: 'Ember Juniper Other' }, { 'x-forwarded-for': `${ip}, 203.0.113.78` });
    expect(other.status).toBe(200);
    delete process.env.TRUSTED_PROXY;
  });
});

describe('POST /research/strains/submit: model verification when a hosted model is configured', () => {
  let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  const saved = { AI_PROVIDER: process.env.AI_PROVIDER, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL };
  beforeAll(async () => {
    standIn = await startOpenAiStandIn({
      reply: (req) => {
        const text = JSON.stringify(req.body.messages);
        if (text.includes('screen public submissions')) {
          return text.includes('Tax Return') ? { plausible: false, reason: 'a tax document, not a strain' } : { plausible: true, reason: 'sounds like a cultivar' };
        }
        return {
          type: 'sativa',
          thc: 19,
          cbd: 0.2,
          terpenes: [{ name: 'terpinolene', percentage: 0.5 }],
          effects: ['energetic'],
          aromas: ['pine'],
          parents: [],
          description: 'Drafted by the stand-in.',
        };
      },
    });
    process.env.AI_PROVIDER = 'openai-compatible';
    process.env.OPENAI_BASE_URL = standIn.baseURL;
  });
  afterAll(async () => {
    process.env.AI_PROVIDER = saved.AI_PROVIDER;
    if (saved.OPENAI_BASE_URL === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = saved.OPENAI_BASE_URL;
    await standIn.close();
  });

  it('rejects a name the model does not verify (422 model_verification_failed)', async () => {
    const r = await submit({ strainName: 'My Tax Return' });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toMatchObject({ reason: 'model_verification_failed' });
    expect(standIn.requests.some((q) => q.path.endsWith('/chat/completions'))).toBe(true);
  });

  it('accepts a verified name and drafts it with the model', async () => {
    const r = await submit({ strainName: 'Harbor Lantern Sativa' });
    expect(r.body.data.status).toBe('queued');
    const sub = await waitFor(async () => {
      const s = await getSubmission(db, r.body.data.submissionId);
      return s?.status === 'pending_review' ? s : null;
    });
    expect(sub.draft).toMatchObject({ engine: 'model', type: 'sativa', thc: 19, highFamily: 'Energizing', description: 'Drafted by the stand-in.' });
  });
});
