import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER } from '@/tests/unit/notebooks/fixtures';
import { BASE_URL, USER_TOKEN, launch } from '@/tests/e2e/browser';

/**
 * Cross-origin callers, from a real browser: a page served from another loopback origin calls the
 * API. The origin in CORS_ORIGINS (set by scripts/e2e.ts) may call a public read, a token route
 * and a notebook stream; a page from an origin not listed may read public data but the browser
 * refuses it the token route.
 */
const LISTED = process.env.E2E_APP_ORIGIN ?? '';

function pageServer(host: string, port: number): Promise<http.Server> {
  const s = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><title>Another app</title></head><body><h1>Another app</h1></body></html>');
  });
  return new Promise((resolve) => s.listen(port, host, () => resolve(s)));
}

interface Outcome {
  ok: boolean;
  status?: number;
  error?: string;
  requestId?: string | null;
  rateLimitRemaining?: string | null;
  body?: unknown;
  events?: string[];
}

/** fetch from inside the page (the browser applies CORS), as a JSON-able outcome. */
function browserFetch(page: Page, url: string, init: { method?: string; headers?: Record<string, string>; body?: string; sse?: boolean }): Promise<Outcome> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const res = await fetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body });
        const out: Outcome = { ok: res.ok, status: res.status, requestId: res.headers.get('x-request-id'), rateLimitRemaining: res.headers.get('x-ratelimit-remaining') };
        if (init.sse && res.body) {
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let text = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            text += value;
          }
          out.events = [...text.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
        } else out.body = await res.json();
        return out;
      } catch (e) {
        return { ok: false, error: String(e) };
      }
    },
    { url, init },
  );
}

describe.runIf(LISTED)('cross-origin calls from a browser page on another origin', () => {
  let browser: Browser;
  let listed: http.Server;
  let unlisted: http.Server;
  let unlistedOrigin = '';

  beforeAll(async () => {
    const u = new URL(LISTED);
    listed = await pageServer(u.hostname, Number(u.port));
    unlisted = await pageServer('127.0.0.3', 0);
    unlistedOrigin = `http://127.0.0.3:${(unlisted.address() as AddressInfo).port}`;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([listed, unlisted].map((s) => new Promise<void>((r) => (s ? s.close(() => r()) : r()))));
  });

  async function pageAt(origin: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    expect(await page.evaluate(() => location.origin)).toBe(origin);
    return page;
  }

  it('the listed origin reads public data, calls a token route and streams a notebook; exposed headers are readable', async () => {
    const page = await pageAt(LISTED);
    const pub = await browserFetch(page, `${BASE_URL}/api/v1/strains?limit=2`, {});
    expect(pub).toMatchObject({ ok: true, status: 200 });
    expect((pub.body as { data: unknown[] }).data).toHaveLength(2);
    expect(pub.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(pub.rateLimitRemaining).toMatch(/^\d+$/);

    const auth = { authorization: `Bearer ${USER_TOKEN}` };
    const notebooks = await browserFetch(page, `${BASE_URL}/api/v1/notebooks?limit=5`, { headers: auth });
    expect(notebooks).toMatchObject({ ok: true, status: 200 });
    expect(Array.isArray((notebooks.body as { data: unknown }).data)).toBe(true);

    const stream = await browserFetch(page, `${BASE_URL}/api/v1/notebooks/stream/batch`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ ...ORDER, sectionKeys: ['overview', 'flavor_profile'] }),
      sse: true,
    });
    expect(stream).toMatchObject({ ok: true, status: 200 });
    expect(stream.events?.[0]).toBe('batch_start');
    expect(stream.events?.at(-1)).toBe('batch_complete');
    expect(stream.events?.filter((e) => e === 'complete')).toHaveLength(2);
    await page.close();
  });

  it('an origin not listed still reads public data, but the browser refuses it the token route', async () => {
    const page = await pageAt(unlistedOrigin);
    const pub = await browserFetch(page, `${BASE_URL}/api/v1/strains?limit=1`, {});
    expect(pub).toMatchObject({ ok: true, status: 200 });
    const refused = await browserFetch(page, `${BASE_URL}/api/v1/notebooks?limit=5`, { headers: { authorization: `Bearer ${USER_TOKEN}` } });
    expect(refused.ok).toBe(false);
    expect(refused.status).toBeUndefined();
    expect(refused.error).toMatch(/TypeError|Failed to fetch/);
    // The server answered the preflight; it is the browser that refused (no allowed origin).
    const preflight = await fetch(`${BASE_URL}/api/v1/notebooks`, {
      method: 'OPTIONS',
      headers: { origin: unlistedOrigin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    await page.close();
  });
});
