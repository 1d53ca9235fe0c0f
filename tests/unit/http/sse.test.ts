import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSse, sseResponse } from '@/lib/http';
import { GET as devSession } from '@/app/api/v1/dev/session/route';
import { verifyUserToken } from '@/lib/auth';
import { call } from '@/tests/helpers/route';

async function readAll(res: Response, limit = Infinity) {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  while (events.length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(dec.decode(value, { stream: true }));
  }
  return { events, comments, reader };
}

describe('SSE helper', () => {
  it('frames event, id and multi-line data', () => {
    expect(formatSse('start', { a: 1 }, 'req-1')).toBe('event: start\nid: req-1\ndata: {"a":1}\n\n');
    expect(formatSse('x', 'line1\nline2')).toBe('event: x\ndata: line1\ndata: line2\n\n');
  });

  it('streams events with the SSE headers and parses back', async () => {
    const res = sseResponse(async (w) => {
      w.send('start', { n: 1 }, 'a');
      w.send('complete', { n: 2 }, 'a');
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const { events } = await readAll(res);
    expect(events.map((e) => [e.event, e.id, JSON.parse(e.data).n])).toEqual([
      ['start', 'a', 1],
      ['complete', 'a', 2],
    ]);
  });

  it('sends heartbeat comments while the producer works', async () => {
    const res = sseResponse(
      async (w) => {
        await new Promise((r) => setTimeout(r, 120));
        w.send('done', {});
      },
      { heartbeatMs: 25 },
    );
    const { comments } = await readAll(res);
    expect(comments.filter((c) => c.trim() === 'ping').length).toBeGreaterThanOrEqual(2);
  });

  it('aborts the producer when the client disconnects', async () => {
    let aborted = false;
    let ticks = 0;
    const res = sseResponse(async (w) => {
      w.signal.addEventListener('abort', () => (aborted = true));
      for (let i = 0; i < 1000 && !w.signal.aborted; i++) {
        ticks++;
        w.send('tick', { i });
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    const { reader } = await readAll(res, 3);
    await reader.cancel();
    const atCancel = ticks;
    await new Promise((r) => setTimeout(r, 60));
    expect(aborted).toBe(true);
    expect(ticks - atCancel).toBeLessThanOrEqual(1); // the producer stopped
  });

  it('aborts when the request signal fires', async () => {
    const ctl = new AbortController();
    let seen = false;
    const res = sseResponse(
      (w) =>
        new Promise<void>((resolve) => {
          w.signal.addEventListener('abort', () => {
            seen = true;
            resolve();
          });
        }),
      { requestSignal: ctl.signal },
    );
    ctl.abort();
    await readAll(res);
    expect(seen).toBe(true);
  });
});

describe('GET /api/v1/dev/session', () => {
  afterEach(() => {
    delete process.env.APP_ENV;
  });
  it('answers a verifiable premium token in development', async () => {
    process.env.APP_ENV = 'development';
    const r = await call(devSession, { path: '/api/v1/dev/session', query: { tier: 'premium', user: 'demo' } });
    expect(r.status).toBe(200);
    const claims = await verifyUserToken(r.body.data.token);
    expect(claims).toMatchObject({ sub: 'demo', tier: 'premium' });
  });
  it('is 404 in production, whatever DEMO_SESSION says', async () => {
    process.env.APP_ENV = 'production';
    for (const demo of [undefined, 'true']) {
      if (demo) process.env.DEMO_SESSION = demo;
      const r = await call(devSession, { path: '/api/v1/dev/session', query: { tier: 'premium' } });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
    delete process.env.DEMO_SESSION;
  });
  it('in a test environment only with DEMO_SESSION=true', async () => {
    process.env.APP_ENV = 'test';
    expect((await call(devSession, { path: '/api/v1/dev/session' })).status).toBe(404);
    process.env.DEMO_SESSION = 'true';
    expect((await call(devSession, { path: '/api/v1/dev/session' })).status).toBe(200);
    delete process.env.DEMO_SESSION;
  });
});
