import { z } from 'zod';
import { APP_VERSION } from '@/lib/config';
import type { NextHandler } from '@/lib/http/define-route';
import { ALL_ERROR_CODES } from '@/lib/errors';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface RegisteredRoute {
  path: string;
  method: (typeof METHODS)[number];
  handler: NextHandler;
}

/** Every method of every route module declared through defineRoute. */
export function registeredRoutes(modules: { path: string; module: Record<string, unknown> }[]): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  for (const { path, module } of modules) {
    for (const method of METHODS) {
      const h = module[method] as NextHandler | undefined;
      if (typeof h === 'function' && h.routeMeta) out.push({ path, method, handler: h });
    }
  }
  return out;
}

function schema(s: z.ZodType | undefined): Record<string, unknown> {
  if (!s) return {};
  try {
    const js = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete js.$schema;
    return js;
  } catch {
    return {};
  }
}

function parameters(s: z.ZodType | undefined, where: 'query' | 'path') {
  if (!s) return [];
  const js = schema(s) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, sch]) => ({
    name: name.replace(/\*$/, ''),
    in: where,
    required: where === 'path' ? true : (js.required ?? []).includes(name),
    schema: sch,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export function buildOpenApi(routes: RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { path, method, handler } of routes) {
    const o = handler.routeMeta.options;
    const responses: Record<string, unknown> = {};
    if (o.stream) responses['200'] = { description: 'Server-sent event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } };
    else if (o.flat) responses['200'] = { description: 'OK (flat body)', content: { 'application/json': { schema: o.response ? schema(o.response) : {} } } };
    else
      responses['200'] = {
        description: 'OK',
        content: { 'application/json': { schema: { allOf: [ref('SuccessEnvelope'), { type: 'object', properties: { data: o.response ? schema(o.response) : {} } }] } } },
      };
    if (o.params || o.query || o.body) responses['400'] = { description: 'Bad request or validation error', content: { 'application/json': { schema: ref('ErrorEnvelope') } } };
    if (o.auth === 'user' || o.tier)
      responses['401'] = { description: 'Missing or invalid user token (flat body)', content: { 'application/json': { schema: ref('AuthFailure') } } };
    if (o.auth === 'admin') {
      responses['401'] = { description: 'Missing or invalid X-Admin-Key (flat body)', content: { 'application/json': { schema: ref('AuthFailure') } } };
      responses['500'] = { description: 'Admin key not configured, or an unexpected error' };
    }
    if (o.auth === 'api-key' || o.auth === 'cron' || o.auth === 'internal')
      responses['401'] = { description: 'Missing or wrong bearer secret (flat body)', content: { 'application/json': { schema: ref('AuthFailure') } } };
    if (o.auth === 'run-token')
      responses['401'] = { description: 'Missing, expired or foreign run token (flat body)', content: { 'application/json': { schema: ref('AuthFailure') } } };
    if (o.auth === 'trigger-token')
      responses['401'] = { description: 'Missing, expired or spent one-time trigger token (flat body)', content: { 'application/json': { schema: ref('AuthFailure') } } };
    if (o.tier) responses['403'] = { description: 'Premium tier required', content: { 'application/json': { schema: ref('ErrorEnvelope') } } };
    if (o.body) responses['413'] = { description: 'Payload too large', content: { 'application/json': { schema: ref('ErrorEnvelope') } } };
    if (o.limit !== false)
      responses['429'] = {
        description: 'Rate limit exceeded',
        headers: { 'Retry-After': { schema: { type: 'integer' } } },
        content: { 'application/json': { schema: ref('ErrorEnvelope') } },
      };
    for (const [status, description] of Object.entries(o.responses ?? {})) responses[status] = { description };
    responses['500'] ??= { description: 'Unexpected error', content: { 'application/json': { schema: ref('ErrorEnvelope') } } };

    const security =
      o.auth === 'admin'
        ? [{ adminKey: [] }]
        : o.auth === 'user' || o.tier
          ? [{ userToken: [] }]
          : o.auth === 'api-key' || o.auth === 'cron' || o.auth === 'internal'
            ? [{ internalSecret: [] }]
            : o.auth === 'run-token'
              ? [{ runToken: [] }]
              : o.auth === 'trigger-token'
                ? [{ triggerToken: [] }]
                : undefined;
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      operationId: `${method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: o.summary,
      description: o.description,
      tags: o.tags,
      parameters: [...parameters(o.params, 'path'), ...parameters(o.query, 'query')],
      requestBody: o.body ? { required: true, content: { 'application/json': { schema: schema(o.body) } } } : undefined,
      responses,
      security,
      'x-rate-limit-tier': o.limit === false ? undefined : (o.limit ?? 'moderate'),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cannabis Intelligence API',
      version: APP_VERSION,
      description: 'Strain catalog, AI notebooks, label and receipt scanning, dispensary menu scans, research submissions and AI images.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key' },
        userToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        internalSecret: { type: 'http', scheme: 'bearer' },
        runToken: { type: 'http', scheme: 'bearer', description: 'The publicAccessToken scan-token (or deep research) answered, scoped to one run for an hour' },
        triggerToken: { type: 'http', scheme: 'bearer', description: 'The one-time triggerToken of a client-side scan-token answer' },
      },
      schemas: {
        SuccessEnvelope: {
          type: 'object',
          required: ['success', 'data', 'meta'],
          properties: {
            success: { const: true },
            data: {},
            meta: {
              type: 'object',
              required: ['timestamp', 'requestId'],
              properties: {
                timestamp: { type: 'string', format: 'date-time' },
                requestId: { type: 'string' },
                pagination: {
                  type: 'object',
                  required: ['limit', 'offset', 'total'],
                  properties: { limit: { type: 'integer' }, offset: { type: 'integer' }, total: { type: 'integer' }, hasMore: { type: 'boolean' } },
                },
              },
            },
          },
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['success', 'error', 'meta'],
          properties: {
            success: { const: false },
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string', enum: ALL_ERROR_CODES }, message: { type: 'string' }, details: {}, stack: { type: 'string' } },
            },
            meta: {
              type: 'object',
              required: ['timestamp', 'requestId', 'path', 'method'],
              properties: { timestamp: { type: 'string', format: 'date-time' }, requestId: { type: 'string' }, path: { type: 'string' }, method: { type: 'string' } },
            },
          },
        },
        AuthFailure: {
          type: 'object',
          required: ['success', 'error', 'code'],
          properties: { success: { const: false }, error: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  };
}
