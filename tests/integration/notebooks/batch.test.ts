import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as batch } from '@/app/api/v1/notebooks/stream/batch/route';
import { GET as getNotebook } from '@/app/api/v1/notebooks/[id]/route';
import { SECTION_SCHEMAS } from '@/lib/notebooks/schemas';
import { AI_SECTION_KEYS, type AiSectionKey } from '@/lib/notebooks/sections';
import { authHeader, call } from '@/tests/helpers/route';
import { readSse } from '@/tests/helpers/sse';
import { ORDER } from '@/tests/unit/notebooks/fixtures';

// The "done when" run on real PostgreSQL (and Redis for the limiter when REDIS_URL is set):
// twelve sections stream, validate, and the notebook is saved and read back by its owner only.
describe.runIf(Boolean(process.env.DATABASE_URL))('notebook batch on PostgreSQL', () => {
  it('streams all twelve sections and saves the notebook', async () => {
    // A fresh user per run: a shared Redis keeps the 5-per-hour notebook window between runs.
    const sub = `it-${randomUUID()}`;
    const r = await call(batch, { path: '/api/v1/notebooks/stream/batch', headers: await authHeader(sub), body: { sectionKeys: AI_SECTION_KEYS, ...ORDER } });
    expect(r.status).toBe(200);
    const { events } = await readSse(r.response);
    const end = events.at(-1)!;
    expect(end.event).toBe('batch_complete');
    expect(end.data.completedSections).toBe(12);
    for (const [key, data] of Object.entries(end.data.results)) expect(SECTION_SCHEMAS[key as AiSectionKey].safeParse(data).success, key).toBe(true);
    // Granddaddy Purple came without label data: the PostgreSQL catalog filled it in.
    const potency = end.data.results.cannabinoid_profile.items.find((i: { strain: string }) => i.strain === 'Granddaddy Purple');
    expect(potency.source).toBe('catalog');
    expect(potency.thcPct).toBeGreaterThan(0);

    const id = end.data.notebookId;
    const own = await call(getNotebook, { path: `/api/v1/notebooks/${id}`, params: { id }, headers: await authHeader(sub) });
    expect(own.status).toBe(200);
    expect(own.body.data.completedSections).toBe(12);
    const other = await call(getNotebook, { path: `/api/v1/notebooks/${id}`, params: { id }, headers: await authHeader(`${sub}-other`) });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOTEBOOK_NOT_FOUND');
  });
});
