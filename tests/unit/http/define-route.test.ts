import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, DatabaseError, defineRoute, ERROR_CODES, ok, paginated } from '@/lib/http';
import { call } from '@/tests/helpers/route';

const Body = z.object({ name: z.string().min(2), tags: z.array(z.string()).min(1), n: z.number().int().max(10).optional() });

const echo = defineRoute({ response: z.unknown(), body: Body, limit: false, db: false }, async ({ body }) => ({ got: body }));
const strictBad = defineRoute({ response: z.unknown(), body: Body, limit: false, db: false, validationCode: 'BAD_REQUEST' }, async () => 'never');
const small = defineRoute({ response: z.unknown(), body: z.unknown(), limit: false, db: false, maxBytes: 100 }, async () => 'fine');
const throws = (e: unknown) => defineRoute({ response: z.unknown(), limit: false, db: false }, async () => Promise.reject(e));
const withQuery = defineRoute(
  {
    response: z.unknown(),
    limit: false,
    db: false,
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    params: z.object({ id: z.string().regex(/^[a-z]+$/) }),
  },
  async ({ query, params }) => paginated([params.id], { limit: query.limit, offset: 0, total: 1 }),
);
const custom = defineRoute({ response: z.unknown(), limit: false, db: false }, async () => ok({ a: 1 }, { status: 201, headers: { 'X-Thing': 'yes' }, meta: { extra: true } }));

const envelopeMeta = (b: any) => {
  expect(typeof b.meta.requestId).toBe('string');
  expect(b.meta.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
};

afterEach(() => {
  delete process.env.APP_ENV;
});

describe('defineRoute error paths', () => {
  const cases: { name: string; handler: any; req: any; status: number; code: string; check?: (b: any) => void }[] = [
    { name: 'unparseable JSON', handler: echo, req: { path: '/x', body: '{"name": ' }, status: 400, code: 'BAD_REQUEST' },
    {
      name: 'schema failure lists zod issues with constraint fields',
      handler: echo,
      req: { path: '/x', body: { name: 'a', tags: [] } },
      status: 400,
      code: 'VALIDATION_ERROR',
      check: (b) => {
        const tags = b.error.details.find((d: any) => d.path[0] === 'tags');
        expect(tags).toMatchObject({ code: 'too_small', minimum: 1, type: 'array', inclusive: true, exact: false, path: ['tags'] });
        expect(typeof tags.message).toBe('string');
        const name = b.error.details.find((d: any) => d.path[0] === 'name');
        expect(name).toMatchObject({ code: 'too_small', minimum: 2, type: 'string' });
      },
    },
    {
      name: 'wrong type reports the expected type',
      handler: echo,
      req: { path: '/x', body: { name: 5, tags: ['a'] } },
      status: 400,
      code: 'VALIDATION_ERROR',
      check: (b) => expect(b.error.details[0]).toMatchObject({ code: 'invalid_type', expected: 'string', path: ['name'] }),
    },
    { name: 'missing body', handler: echo, req: { path: '/x', method: 'POST' }, status: 400, code: 'VALIDATION_ERROR' },
    {
      name: 'route-chosen BAD_REQUEST for schema failures',
      handler: strictBad,
      req: { path: '/x', body: {} },
      status: 400,
      code: 'BAD_REQUEST',
      check: (b) => expect(Array.isArray(b.error.details)).toBe(true),
    },
    { name: 'body over the limit by Content-Length', handler: small, req: { path: '/x', body: 'x'.repeat(200) }, status: 413, code: 'PAYLOAD_TOO_LARGE' },
    { name: 'query coercion failure', handler: withQuery, req: { path: '/x/abc', params: { id: 'abc' }, query: { limit: 101 } }, status: 400, code: 'VALIDATION_ERROR' },
    { name: 'param failure', handler: withQuery, req: { path: '/x/ABC', params: { id: 'ABC' } }, status: 400, code: 'VALIDATION_ERROR' },
    {
      name: 'not found with resource details',
      handler: throws(ApiError.notFound('strain', 'nope')),
      req: { path: '/x' },
      status: 404,
      code: 'NOT_FOUND',
      check: (b) => {
        expect(b.error.message).toBe('Strain not found: nope');
        expect(b.error.details).toEqual({ resource: 'strain', id: 'nope' });
      },
    },
    {
      name: 'database error carries driver details outside production',
      handler: throws(new DatabaseError('relation "x" does not exist', '42P01')),
      req: { path: '/x' },
      status: 500,
      code: 'DATABASE_ERROR',
      check: (b) => {
        expect(b.error.message).toBe('Database operation failed');
        expect(b.error.details).toEqual({ message: 'relation "x" does not exist', code: '42P01' });
      },
    },
    {
      name: 'unknown error is INTERNAL_ERROR with the default message and a stack outside production',
      handler: throws(new Error('secret internals')),
      req: { path: '/x' },
      status: 500,
      code: 'INTERNAL_ERROR',
      check: (b) => {
        expect(b.error.message).toBe('An unexpected error occurred');
        expect(typeof b.error.stack).toBe('string');
      },
    },
  ];

  it.each(cases)('$name → $status $code', async ({ handler, req, status, code, check }) => {
    const r = await call(handler, req);
    expect(r.status).toBe(status);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe(code);
    expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status).toBe(status);
    expect(r.body.meta.path).toBe(new URL(`http://x${req.path}`).pathname);
    expect(r.body.meta.method).toBe(req.method ?? (req.body !== undefined ? 'POST' : 'GET'));
    envelopeMeta(r.body);
    expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
    check?.(r.body);
  });

  it('a body streamed without Content-Length is cut off at the limit', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        if (pulled > 1000) return c.close(); // would be 1 MB: the reader must stop long before
        c.enqueue(new Uint8Array(1024).fill(65));
      },
    });
    const req = new Request('http://api.test/x', { method: 'POST', body: stream, headers: { host: 'api.test' }, duplex: 'half' } as RequestInit);
    const res = await small(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(10);
  });

  it('production hides stacks and database details', async () => {
    process.env.APP_ENV = 'production';
    const a = await call(throws(new Error('boom')), { path: '/x' });
    expect(a.body.error.stack).toBeUndefined();
    expect(a.body.error.message).toBe('An unexpected error occurred');
    const b = await call(throws(new DatabaseError('bad', '23505')), { path: '/x' });
    expect(b.body.error.code).toBe('DATABASE_ERROR');
    expect(b.body.error.details).toBeUndefined();
    expect(b.body.error.stack).toBeUndefined();
  });
});

describe('defineRoute success paths', () => {
  it('wraps data in the envelope with the same request id in body and header', async () => {
    const r = await call(echo, { path: '/x', body: { name: 'ab', tags: ['t'] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { got: { name: 'ab', tags: ['t'] } } });
    envelopeMeta(r.body);
    expect(r.headers.get('x-request-id')).toBe(r.body.meta.requestId);
  });
  it('paginates with hasMore', async () => {
    const r = await call(withQuery, { path: '/x/abc', params: { id: 'abc' }, query: { limit: 5 } });
    expect(r.body.meta.pagination).toEqual({ limit: 5, offset: 0, total: 1, hasMore: false });
  });
  it('honours status, headers and extra meta from ok()', async () => {
    const r = await call(custom, { path: '/x' });
    expect(r.status).toBe(201);
    expect(r.headers.get('x-thing')).toBe('yes');
    expect(r.body.meta.extra).toBe(true);
  });
  it('two requests get different ids', async () => {
    const a = await call(custom, { path: '/x' });
    const b = await call(custom, { path: '/x' });
    expect(a.body.meta.requestId).not.toBe(b.body.meta.requestId);
  });
});
