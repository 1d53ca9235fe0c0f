import { describe, expect, it } from 'vitest';
import { findRouteFiles, manifestSource, methodsSource, urlPattern } from '@/scripts/gen-route-manifest';
import fs from 'node:fs';
import path from 'node:path';
import { allowedMethods, compileRoutes } from '@/lib/http/method-match';
import { proxy } from '@/proxy';
import { NextRequest } from 'next/server';

describe('route registry', () => {
  it('the generated manifest lists every route file (regenerate with npm run routes:gen)', () => {
    expect(fs.readFileSync(path.resolve('lib/http/route-manifest.ts'), 'utf8')).toBe(manifestSource());
    expect(fs.readFileSync(path.resolve('lib/http/route-methods.ts'), 'utf8')).toBe(methodsSource());
    expect(findRouteFiles().length).toBeGreaterThan(3);
  });
  it('maps folders to URL patterns', () => {
    expect(urlPattern(path.resolve('app/api/v1/strains/slug/[slug]/complete/route.ts'))).toBe('/api/v1/strains/slug/{slug}/complete');
    expect(urlPattern(path.resolve('app/api/v1/files/[...path]/route.ts'))).toBe('/api/v1/files/{path*}');
    expect(urlPattern(path.resolve('app/api/(group)/v1/x/route.ts'))).toBe('/api/v1/x');
  });
});

describe('405 with Allow', () => {
  const compiled = compileRoutes([
    { pattern: '/api/v1/strains/{slug}', methods: ['GET'] },
    { pattern: '/api/v1/strains/search', methods: ['GET'] },
    { pattern: '/api/v1/notebooks/stream/{sectionKey}', methods: ['POST'] },
    { pattern: '/api/v1/notebooks/stream/health', methods: ['GET'] },
    { pattern: '/api/v1/files/{path*}', methods: ['GET'] },
  ]);
  it.each([
    ['/api/v1/notebooks/stream/health', ['GET', 'HEAD', 'OPTIONS']],
    ['/api/v1/notebooks/stream/overview', ['OPTIONS', 'POST']],
    ['/api/v1/files/images/a/b.png', ['GET', 'HEAD', 'OPTIONS']],
    ['/api/v1/unknown', null],
  ])('%s → %j', (p, expected) => {
    expect(allowedMethods(compiled, p as string)).toEqual(expected);
  });

  it('proxy answers a method the route lacks with the envelope and Allow', async () => {
    const res = proxy(new NextRequest('http://api.test/api/v1/health', { method: 'DELETE' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' }, meta: { path: '/api/v1/health', method: 'DELETE' } });
    expect(res.headers.get('x-request-id')).toBe(body.meta.requestId);
  });
  it('proxy passes declared methods and unknown paths through', () => {
    expect(proxy(new NextRequest('http://api.test/api/v1/health')).headers.get('x-middleware-next')).toBe('1');
    expect(proxy(new NextRequest('http://api.test/api/v1/nope', { method: 'DELETE' })).headers.get('x-middleware-next')).toBe('1');
  });
});
