import { describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/v1/health/route';
import { GET as openapi } from '@/app/api/v1/openapi.json/route';
import { GET as notFound } from '@/app/api/[...path]/route';
import { call } from '@/tests/helpers/route';

describe('foundation smoke', () => {
  it('health reports the database and migration level', async () => {
    const r = await call(health, { path: '/api/v1/health' });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.database.reachable).toBe(true);
    expect(r.body.data.database.migrationLevel).toMatch(/^\d+$/);
    expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
    expect(r.body.meta.timestamp).toMatch(/Z$/);
  });
  it('openapi has version 1.0.0', async () => {
    const r = await call(openapi, { path: '/api/v1/openapi.json' });
    expect(r.body.info.version).toBe('1.0.0');
    expect(r.body.paths['/api/v1/health'].get).toBeDefined();
  });
  it('unknown path is a 404 envelope', async () => {
    const r = await call(notFound, { path: '/api/v1/nope' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.meta.path).toBe('/api/v1/nope');
  });
});
