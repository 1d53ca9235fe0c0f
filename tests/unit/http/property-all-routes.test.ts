/**
 * Walks every route registered through defineRoute (the same registry that feeds the OpenAPI
 * document, so routes added later are covered without editing this file) and sends generated
 * input: arbitrary JSON, wrong types, huge and unicode strings, prototype-polluting keys, odd path
 * parameters and query strings, missing and garbage headers.
 * Asserts: never a 5xx (except a route's documented 503), every body is the envelope or one of
 * the specification's flat bodies, every error code is in the code table.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/lib/http';
import { registeredRoutes, type RegisteredRoute } from '@/lib/http/openapi';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { ROUTE_MODULES } from '@/lib/http/route-manifest';
import { userToken } from '@/tests/helpers/route';

const SEED = Number(process.env.PROPERTY_SEED ?? 20261121);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 6);
const routes = registeredRoutes(ROUTE_MODULES);

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '..',
    '../../etc/passwd',
    '%2e%2e',
    '%00',
    "' OR 1=1 --",
    '<script>',
    '🌿💨',
    'x'.repeat(5000),
    '',
    ' ',
    'null',
    '-1',
    '1e309',
    'NaN',
  ),
);
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(nasty, fc.jsonValue(), { maxKeys: 6 }),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
  fc.constantFrom('{"a":', '[1,2', 'not json', '', '\u0000', JSON.stringify({ sectionKeys: [] }), JSON.stringify({ strainName: 'x'.repeat(300) })),
);

let premium = '';
let free = '';
const savedEnv = { ...process.env };
beforeAll(async () => {
  // A configured deployment: "not configured" 500s are covered by the auth tables, not here.
  process.env.ADMIN_API_KEY = 'prop-admin-key';
  process.env.API_KEY = 'prop-api-key';
  process.env.CRON_SECRET = 'prop-cron-secret';
  premium = await userToken('prop-user', 'premium');
  free = await userToken('prop-free', 'free');
  setLimitStore(new MemoryStore());
});
afterAll(() => {
  setLimitStore(null);
  process.env = { ...savedEnv };
});

function fillPath(pattern: string, values: string[]): { path: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  let i = 0;
  const path = pattern.replace(/\{([^}*]+)(\*)?\}/g, (_m, name: string, star?: string) => {
    const v = values[i++ % values.length] || 'x';
    if (star) {
      const parts = [v, values[(i + 1) % values.length] || 'y'];
      params[name] = parts;
      return parts.map(encodeURIComponent).join('/');
    }
    params[name] = v;
    return encodeURIComponent(v);
  });
  return { path, params };
}

function checkBody(route: RegisteredRoute, status: number, contentType: string, body: unknown, text: string) {
  const o = route.handler.routeMeta.options;
  const where = `${route.method} ${route.path} → ${status} ${text.slice(0, 300)}`;
  if (status >= 500) {
    const documented = status === 503 && Object.keys(o.responses ?? {}).includes('503');
    expect(documented, `unexpected ${where}`).toBe(true);
  }
  if (contentType.includes('text/event-stream')) {
    expect(status, where).toBe(200);
    return;
  }
  if (!contentType.includes('application/json')) {
    // only file-like routes may answer other content types, and only successfully
    expect(status, where).toBeLessThan(400);
    return;
  }
  const b = body as Record<string, any>;
  expect(b && typeof b === 'object', where).toBe(true);
  if (b.success === true) {
    expect('data' in b, where).toBe(true);
    expect(typeof b.meta?.requestId, where).toBe('string');
  } else if (b.success === false && b.error && typeof b.error === 'object') {
    expect(Object.keys(ERROR_CODES), where).toContain(b.error.code);
    expect(typeof b.error.message, where).toBe('string');
    expect(b.meta?.path, where).toBeTypeOf('string');
    expect(b.meta?.method, where).toBe(route.method);
  } else if (b.success === false) {
    expect(typeof b.error, where).toBe('string'); // flat auth failure
    expect(Object.keys(ERROR_CODES), where).toContain(b.code);
  } else if ('retryAfter' in b) {
    expect(status, where).toBe(429); // per-key flat 429
  } else if (typeof b.error === 'string' && b.code) {
    expect(Object.keys(ERROR_CODES), where).toContain(b.code); // flat streaming-unavailable body
  } else {
    expect(o.flat, `non-envelope body from a route not declared flat: ${where}`).toBe(true);
    expect(status, where).toBeLessThan(400);
  }
}

describe('property: every registered route survives generated input', () => {
  it('has routes to walk', () => {
    expect(routes.length).toBeGreaterThan(2);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nasty, { minLength: 1, maxLength: 3 }),
          fc.dictionary(nasty, fc.oneof(nasty, fc.array(nasty, { maxLength: 2 })), { maxKeys: 4 }),
          jsonish,
          fc.constantFrom('none', 'premium', 'free', 'garbage', 'admin-wrong', 'admin', 'api-key', 'cron', 'bearer-empty'),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
          async (pathValues, query, body, who, contentType) => {
            const { path, params } = fillPath(route.path, pathValues);
            const url = new URL(`http://api.test${path}`);
            for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
            const headers = new Headers({ host: 'api.test' });
            if (contentType) headers.set('content-type', contentType);
            if (who === 'premium') headers.set('authorization', `Bearer ${premium}`);
            if (who === 'free') headers.set('authorization', `Bearer ${free}`);
            if (who === 'garbage') headers.set('authorization', 'Bearer \u00ff\u00fe garbage');
            if (who === 'bearer-empty') headers.set('authorization', 'Bearer ');
            if (who === 'admin-wrong') headers.set('x-admin-key', 'definitely-wrong');
            if (who === 'admin') headers.set('x-admin-key', 'prop-admin-key');
            if (who === 'api-key') headers.set('authorization', 'Bearer prop-api-key');
            if (who === 'cron') headers.set('authorization', 'Bearer prop-cron-secret');
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
            const req = new Request(url, {
              method: route.method,
              headers,
              body: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
            });
            const res = await route.handler(req, { params: Promise.resolve(params) });
            const ct = res.headers.get('content-type') ?? '';
            let text = '';
            if (ct.includes('text/event-stream')) await res.body?.cancel();
            else text = await res.text();
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = text;
            }
            checkBody(route, res.status, ct, parsed, text);
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
    120_000,
  );
});
