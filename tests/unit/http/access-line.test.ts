import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoTime } from '@/lib/iso-time';
import { accessLine, createLogger, logger, setLogger } from '@/lib/log';

function capture(level = 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  setLogger(createLogger(sink, level));
  return lines;
}

afterEach(() => {
  setLogger(null);
  vi.useRealTimers();
});

describe('the hand-written access line', () => {
  it('is the line pino writes for the same fields, key for key and in the same order', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 20, 49, 27, 7) });
    const lines = capture();
    const fields = { requestId: '39e63ea4-a416-45c4-a877-4297dc805bf1', route: '/api/v1/strains/slug/:slug', method: 'GET', status: 200, durationMs: 3 };
    logger().info(fields, 'request');
    accessLine(fields.requestId, fields.route, fields.method, fields.status, fields.durationMs);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]);
    expect(JSON.parse(lines[1])).toEqual({ level: 30, time: '2026-11-25T20:49:27.007Z', service: 'cannabis-intelligence-api', ...fields, msg: 'request' });
  });

  it('escapes what it is given (an unmatched path is the route) and stays one line', () => {
    const lines = capture();
    accessLine('id', '/api/v1/x"y\\z\n', 'GET', 404, 0);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).route).toBe('/api/v1/x"y\\z\n');
  });

  it('follows the logger level: nothing below info', () => {
    const lines = capture('warn');
    accessLine('id', '/api/v1/health', 'GET', 200, 1);
    expect(lines).toHaveLength(0);
  });
});

describe('isoTime', () => {
  it('is Date#toISOString across seconds, milliseconds and a day boundary', () => {
    const base = Date.UTC(2026, 10, 25, 23, 59, 58, 0);
    for (let ms = base - 5; ms < base + 3500; ms += 7) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    for (const ms of [0, 1, 9, 10, 99, 100, 999, 1000, Date.UTC(1999, 11, 31, 23, 59, 59, 999)]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('reads the clock when given no time', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 2, 3, 4, 5, 60) });
    expect(isoTime()).toBe('2026-01-02T03:04:05.060Z');
  });
});
