import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { matchRoute } from '@/lib/http/route-id';
import { findRouteFiles, manifestSource, patternsSource, urlPattern } from '@/scripts/gen-route-manifest';
import { call } from '@/tests/helpers/route';

describe('route registry', () => {
  it('the committed manifest and patterns are the ones the route tree generates (npm run routes:gen)', () => {
    // `npm test` does not regenerate them first, so on a clean checkout this compares what is
    // committed with what the route files imply.
    const onDisk = (f: string) => fs.readFileSync(path.resolve(f), 'utf8');
    expect(onDisk('lib/http/route-manifest.ts'), 'lib/http/route-manifest.ts differs from the route tree: run npm run routes:gen').toBe(manifestSource());
    expect(onDisk('lib/http/route-patterns.ts'), 'lib/http/route-patterns.ts differs from the route tree: run npm run routes:gen').toBe(patternsSource());
    expect(findRouteFiles().length).toBeGreaterThan(40);
  });

  it('maps folders to URL patterns', () => {
    expect(urlPattern(path.resolve('app/api/v1/strains/slug/[slug]/complete/route.ts'))).toBe('/api/v1/strains/slug/{slug}/complete');
    expect(urlPattern(path.resolve('app/api/v1/files/[...path]/route.ts'))).toBe('/api/v1/files/{path*}');
    expect(urlPattern(path.resolve('app/api/(group)/v1/x/route.ts'))).toBe('/api/v1/x');
  });

  it.each([
    ['/api/v1/strains/slug/blue-dream', '/api/v1/strains/slug/:slug', '/api/v1/strains/slug/:slug', { slug: 'blue-dream' }],
    ['/api/v1/strains/slug/blue-dream/complete', '/api/v1/strains/slug/:slug/complete', '/api/v1/strains/slug/:slug/complete', { slug: 'blue-dream' }],
    ['/api/v1/notebooks/stream/batch', '/api/v1/notebooks/stream/batch', '/api/v1/notebooks/stream/batch', {}],
    ['/api/v1/notebooks/stream/overview', '/api/v1/notebooks/stream/:sectionKey', '/api/v1/notebooks/stream/:sectionKey', { sectionKey: 'overview' }],
    // the /reports aliases share the notebook buckets (alternating prefixes must not double a limit)
    ['/api/v1/reports/stream/batch', '/api/v1/reports/stream/batch', '/api/v1/notebooks/stream/batch', {}],
    ['/api/v1/reports/stream/overview', '/api/v1/reports/stream/:sectionKey', '/api/v1/notebooks/stream/:sectionKey', { sectionKey: 'overview' }],
    ['/api/v1/files/images/a/b%20c.png', '/api/v1/files/:path', '/api/v1/files/:path', { path: ['images', 'a', 'b%20c.png'] }],
    ['/api/v1/strains/slug/%ZZ', '/api/v1/strains/slug/:slug', '/api/v1/strains/slug/:slug', { slug: '%ZZ' }],
  ])('%s → id %s, bucket %s', (p, id, bucket, raw) => {
    expect(matchRoute(p)).toEqual({ id, bucket, raw });
  });

  it('a path no route claims has no match', () => {
    expect(matchRoute('/api/v1/nope/nope/nope')).toBeNull();
  });
});

describe('route(): HEAD, OPTIONS and 405 from the route module itself', () => {
  const methods = route({
    GET: defineRoute({ limit: false, db: false, response: z.object({ a: z.number() }) }, async () => ({ a: 1 })),
    POST: defineRoute({ auth: 'admin', limit: false, db: false, response: z.object({ b: z.number() }) }, async () => ({ b: 2 })),
  });

  it('a method the route lacks: 405 in the envelope with Allow', async () => {
    const r = await call(methods.DELETE, { method: 'DELETE', path: '/api/v1/health' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    expect(r.body).toMatchObject({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', details: { allow: ['GET', 'HEAD', 'OPTIONS', 'POST'] } },
      meta: { path: '/api/v1/health', method: 'DELETE' },
    });
    expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
  });

  it("HEAD answers GET's status and headers without a body", async () => {
    const r = await call(methods.HEAD, { method: 'HEAD', path: '/api/v1/health' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.headers.get('x-request-id')).toBeTruthy();
  });

  it('OPTIONS without an Origin lists the methods', async () => {
    const r = await call(methods.OPTIONS, { method: 'OPTIONS', path: '/api/v1/health' });
    expect(r.status).toBe(204);
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST');
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });
});
