import type { BrowserContext, WebSocketRoute } from 'playwright-core';
import { WebSocket } from 'undici';
import type { Resolver } from '@/lib/scrape/address';
import type { BlockedRequest } from '@/lib/scrape/browser-guard';
import { STREAM_WINDOW } from '@/lib/scrape/event-stream';
import { assertFetchableUrl, guardedAgent } from '@/lib/scrape/guarded-fetch';
import { heartbeatDetector } from '@/lib/scrape/ws-heartbeat';

/**
 * WebSockets of a scanned page (docs/menus.md, twelfth round): menus delivered over a socket after
 * load (plain JSON, Socket.IO, ActionCable, GraphQL subscriptions, Centrifugo …). Chromium never
 * opens the socket itself (it would bypass the address rule, and the deny proxy refuses it): every
 * WebSocket the page creates is answered by Playwright's route and relayed from this process over
 * an undici WebSocket whose socket passed the address rule (guardedAgent), message for message in
 * both directions. A socket to a refused address is refused and recorded, as any request.
 *
 * Sockets are read within a window like event streams (event-stream.ts): the page's first read
 * waits while a relayed socket is open and has spoken within `quietMs`, at most `maxMs` after it
 * opened. Heartbeats (ws-heartbeat.ts) are relayed but are not speaking: a socket left open with
 * pings stays open for the page, and the scan stops waiting `quietMs` after its last real message.
 */

/** Sockets relayed at once per scan (a page opening more gets them refused, `websocket-limit`). */
export const MAX_SOCKETS = 8;

interface Activity {
  open: number;
  openedAt: number;
  lastAt: number;
}
const activity = new WeakMap<BrowserContext, Activity>();

/** The protocols the page asked for (Playwright's route carries them in its initializer). */
function requestedProtocols(route: WebSocketRoute): string[] {
  const p = (route as unknown as { _initializer?: { protocols?: unknown } })._initializer?.protocols;
  return Array.isArray(p) ? p.filter((x): x is string => typeof x === 'string') : [];
}

/** Relays one page WebSocket through the guard; refused or failed sockets are closed and recorded. */
export function relayWebSocket(context: BrowserContext, route: WebSocketRoute, blocked: BlockedRequest[], signal: AbortSignal, resolver?: Resolver): void {
  const url = route.url();
  try {
    assertFetchableUrl(url.replace(/^ws/i, 'http'));
  } catch (e) {
    blocked.push({ url, reason: 'websocket-refused', detail: (e as Error).message });
    void route.close().catch(() => undefined);
    return;
  }
  const act = activity.get(context) ?? { open: 0, openedAt: 0, lastAt: 0 };
  activity.set(context, act);
  if (act.open >= MAX_SOCKETS) {
    blocked.push({ url, reason: 'websocket-limit' });
    void route.close().catch(() => undefined);
    return;
  }
  act.open++;
  act.openedAt = act.lastAt = Date.now();
  const agent = guardedAgent(resolver);
  const protocols = requestedProtocols(route);
  let server: WebSocket;
  try {
    server = new WebSocket(url, { protocols, dispatcher: agent });
  } catch (e) {
    act.open--;
    blocked.push({ url, reason: 'websocket-failed', detail: (e as Error).message });
    void route.close().catch(() => undefined);
    return;
  }
  server.binaryType = 'arraybuffer';
  const pending: Array<string | Buffer> = [];
  let done = false;
  const heartbeat = heartbeatDetector();
  const finish = (code?: number, reason?: string) => {
    if (done) return;
    done = true;
    act.open--;
    signal.removeEventListener('abort', onAbort);
    if (server.readyState === WebSocket.CONNECTING || server.readyState === WebSocket.OPEN) server.close();
    void route.close(code && (code === 1000 || (code >= 3000 && code <= 4999)) ? { code, reason } : undefined).catch(() => undefined);
    setTimeout(() => void agent.destroy().catch(() => undefined), 50);
  };
  const onAbort = () => finish();
  signal.addEventListener('abort', onAbort, { once: true });
  route.onMessage((m) => {
    if (server.readyState === WebSocket.OPEN) server.send(m);
    else pending.push(m);
  });
  route.onClose(() => finish());
  server.onopen = () => {
    for (const m of pending.splice(0)) server.send(m);
  };
  server.onmessage = (e) => {
    const d = e.data as unknown;
    if (!heartbeat(typeof d === 'string' ? d : (d as ArrayBuffer))) act.lastAt = Date.now();
    if (done) return;
    route.send(typeof d === 'string' ? d : Buffer.from(d as ArrayBuffer));
  };
  server.onerror = (e) => {
    blocked.push({ url, reason: 'websocket-failed', detail: String((e as { message?: string }).message ?? 'error') });
    finish();
  };
  server.onclose = (e) => finish(e.code, e.reason);
}

/** Whether a relayed socket of the context may still be delivering (open, spoke within the window). */
export function socketsActive(context: BrowserContext, now = Date.now(), w = STREAM_WINDOW): boolean {
  const a = activity.get(context);
  return !!a && a.open > 0 && now - a.lastAt < w.quietMs && now - a.openedAt < w.maxMs;
}
