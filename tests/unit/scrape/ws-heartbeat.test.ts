import { describe, expect, it } from 'vitest';
import { heartbeatDetector, isHeartbeatMessage } from '@/lib/scrape/ws-heartbeat';

describe('WebSocket heartbeats (not speaking: the scan stops waiting on them)', () => {
  it.each([
    ['Engine.IO ping', '2'],
    ['Engine.IO pong', '3'],
    ['Engine.IO probe', '3probe'],
    ['Engine.IO noop', '6'],
    ['plain ping', 'ping'],
    ['plain keepalive', 'keep-alive'],
    ['ActionCable ping', '{"type":"ping","message":1764312000}'],
    ['graphql-ws keep-alive', '{"type":"ka"}'],
    ['graphql-transport-ws pong', '{"type":"pong"}'],
    ['Pusher ping', '{"event":"pusher:ping","data":{}}'],
    ['event heartbeat', '{"event":"heartbeat"}'],
    ['Centrifugo ping', '{}'],
    ['SignalR ping record', '{"type":6}\x1e'],
    ['Phoenix reply on its own topic', '{"topic":"phoenix","event":"phx_reply","payload":{"status":"ok","response":{}},"ref":"7"}'],
    ['Phoenix v2 array reply', '[null,"7","phoenix","phx_reply",{"status":"ok","response":{}}]'],
  ])('%s is a heartbeat', (_, msg) => {
    expect(isHeartbeatMessage(msg)).toBe(true);
  });

  it.each([
    ['Socket.IO event with products', '42["menu:batch",[{"name":"Blue Dream 3.5g","price":35}]]'],
    ['Socket.IO connect', '40'],
    ['ActionCable message', '{"identifier":"{\\"channel\\":\\"MenuChannel\\"}","message":{"products":[{"name":"Gelato"}]}}'],
    ['graphql-ws next', '{"type":"next","id":"1","payload":{"data":{"product":{"name":"Runtz"}}}}'],
    ['a product object', '{"name":"Wedding Cake","price":42}'],
    ['HTML fragment', '<li class="card">Jack Herer $30</li>'],
    ['Phoenix push on a menu topic', '{"topic":"menu:12","event":"products","payload":{"items":[1,2]},"ref":null}'],
    ['a ping-typed object with a payload of many keys', '{"type":"ping","a":1,"b":2,"c":3,"d":4}'],
  ])('%s is not a heartbeat', (_, msg) => {
    expect(isHeartbeatMessage(msg)).toBe(false);
  });

  it('a binary frame of a few bytes is a heartbeat, a longer one is not', () => {
    expect(isHeartbeatMessage(new Uint8Array([0x89, 0]))).toBe(true);
    expect(isHeartbeatMessage(new Uint8Array(64))).toBe(false);
  });

  it('a short message shaped like the one before it (a counter or a clock) is a heartbeat from the second on', () => {
    const hb = heartbeatDetector();
    expect(hb('{"beat":1764312000}')).toBe(false);
    expect(hb('{"beat":1764312001}')).toBe(true);
    expect(hb('{"beat":1764312002}')).toBe(true);
    expect(hb('{"name":"Gelato","price":40}')).toBe(false);
    expect(hb('{"name":"Runtz","price":45}')).toBe(false);
  });

  it('long messages never count by shape, even repeated', () => {
    const hb = heartbeatDetector();
    const batch = JSON.stringify({ products: Array.from({ length: 5 }, (_, i) => ({ name: `Strain ${i}`, price: 30 + i })) });
    expect(hb(batch)).toBe(false);
    expect(hb(batch)).toBe(false);
  });
});
