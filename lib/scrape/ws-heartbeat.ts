/**
 * Heartbeats of a relayed WebSocket (browser-websocket.ts): messages that keep a socket alive and
 * carry nothing a page could render. The scan waits while a socket keeps *speaking*; a socket left
 * open with pings every second would otherwise hold the first read for the whole window
 * (docs/menus.md, twelfth round). What counts as a heartbeat is what the common protocols send:
 *
 * - Engine.IO / Socket.IO packets `2`, `3` (with or without `probe`) and `6` (noop);
 * - plain `ping`, `pong`, `heartbeat`, `hb`, `keepalive` text;
 * - a small JSON object whose type/event/op/action/method names a ping (`ping`, `pong`, `ka`,
 *   `heartbeat`, `keepalive`, `pusher:ping` …), the SignalR ping record `{"type":6}`, an empty `{}`
 *   (Centrifugo) or a Phoenix reply on its `phoenix` topic (object or array form);
 * - a binary frame of a few bytes;
 * - a short message of the same shape (digits aside) as the previous one from the socket: a
 *   heartbeat carrying a counter or a timestamp.
 */

const PING_WORD = /^(?:[\w-]+:)?(?:ping|pong|ka|heartbeat|hb|keep-?alive|phx_heartbeat|noop)$/i;
const KIND_KEYS = ['type', 'event', 'op', 'action', 'method', 'msg', 'kind', 't'] as const;
/** Longest message the same-shape rule considers (a menu batch is longer). */
const SHAPE_MAX = 120;

function jsonHeartbeat(v: unknown): boolean {
  if (Array.isArray(v)) return v.length >= 4 && v[2] === 'phoenix';
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 0) return true;
  if (o.topic === 'phoenix') return true;
  if (keys.length === 1 && o.type === 6) return true;
  if (keys.length > 4) return false;
  return KIND_KEYS.some((k) => typeof o[k] === 'string' && PING_WORD.test(o[k]));
}

/** Whether one message is a heartbeat on its own (without the socket's history). */
export function isHeartbeatMessage(data: string | ArrayBuffer | Uint8Array): boolean {
  if (typeof data !== 'string') return data.byteLength <= 8;
  // SignalR ends every record with 0x1e; several records may share a frame.
  const records = data
    .split('\x1e')
    .map((r) => r.trim())
    .filter(Boolean);
  if (!records.length) return true;
  return records.every((t) => {
    if (/^[236](?:probe)?$/.test(t) || PING_WORD.test(t)) return true;
    if (!/^[[{]/.test(t) || t.length > 400) return false;
    try {
      return jsonHeartbeat(JSON.parse(t));
    } catch {
      return false;
    }
  });
}

/** A socket's heartbeat detector: also counts a short message shaped like the one before it. */
export function heartbeatDetector(): (data: string | ArrayBuffer | Uint8Array) => boolean {
  let lastShape: string | null = null;
  return (data) => {
    if (isHeartbeatMessage(data)) return true;
    if (typeof data !== 'string' || data.length > SHAPE_MAX) {
      lastShape = null;
      return false;
    }
    const shape = data.replace(/\d+/g, '0');
    const same = shape === lastShape;
    lastShape = shape;
    return same;
  };
}
