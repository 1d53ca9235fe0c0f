import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkStartupConfig, config, CONFIG_GROUPS, ConfigError, parseTrustedProxy } from '@/lib/config';
import type { Group } from '@/lib/config/define';
import { configTable, withConfigTable } from '@/lib/config/readme';

const touched = ['TASK_CONCURRENCY', 'RATE_LIMIT_ENABLED', 'API_KEY_LIMITS', 'TRUSTED_PROXY', 'APP_ENV', 'NOTEBOOK_STREAMING', 'SUPABASE_URL'];
const saved = Object.fromEntries(touched.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of touched) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('lib/config', () => {
  it('every variable is declared once', () => {
    const names = (Object.values(CONFIG_GROUPS) as Group[]).flatMap((g) => Object.values(g.vars).map((v) => v.env));
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(50);
  });

  it('defaults apply when unset or empty, values are typed', () => {
    delete process.env.TASK_CONCURRENCY;
    process.env.RATE_LIMIT_ENABLED = '';
    expect(config().tasks.concurrency).toBe(2);
    expect(config().ratelimit.enabled).toBe(true);
    process.env.TASK_CONCURRENCY = ' 7 ';
    process.env.RATE_LIMIT_ENABLED = 'OFF';
    expect(config().tasks.concurrency).toBe(7);
    expect(config().ratelimit.enabled).toBe(false);
  });

  it('is parsed once: the same object until the environment changes', () => {
    const a = config();
    expect(config()).toBe(a);
    process.env.TASK_CONCURRENCY = '3';
    expect(config()).not.toBe(a);
  });

  it.each([
    ['TASK_CONCURRENCY', 'two', /TASK_CONCURRENCY="two": must be a whole number/],
    ['TASK_CONCURRENCY', '0', /TASK_CONCURRENCY="0"/],
    ['RATE_LIMIT_ENABLED', 'maybe', /RATE_LIMIT_ENABLED="maybe": must be true or false/],
    ['API_KEY_LIMITS', '{nope', /API_KEY_LIMITS=.*must be valid JSON/],
    ['API_KEY_LIMITS', '{"API_KEY":{"limit":-1}}', /API_KEY_LIMITS=/],
    ['NOTEBOOK_STREAMING', 'sometimes', /NOTEBOOK_STREAMING="sometimes"/],
    ['SUPABASE_URL', 'not a url', /SUPABASE_URL="not a url": must be an absolute URL/],
  ])('%s=%s is refused with a message naming it', (name, value, message) => {
    process.env[name] = value;
    expect(() => config()).toThrow(ConfigError);
    expect(() => config()).toThrow(message);
  });

  it('reports every invalid variable at once', () => {
    process.env.TASK_CONCURRENCY = 'x';
    process.env.RATE_LIMIT_ENABLED = 'y';
    try {
      config();
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).problems).toHaveLength(2);
    }
  });

  it('a production start without TRUSTED_PROXY stops with a message naming it', () => {
    process.env.APP_ENV = 'production';
    delete process.env.TRUSTED_PROXY;
    expect(() => checkStartupConfig()).toThrow(/TRUSTED_PROXY is not set/);
    const g = globalThis as { __ciSocketEntry?: boolean };
    try {
      g.__ciSocketEntry = true; // started through server/entry.cjs
      process.env.TRUSTED_PROXY = 'hops:1';
      expect(() => checkStartupConfig()).not.toThrow();
      process.env.TRUSTED_PROXY = 'hops:0';
      expect(() => checkStartupConfig()).toThrow(/TRUSTED_PROXY="hops:0"/);
    } finally {
      delete g.__ciSocketEntry;
    }
  });

  it("a production start without the service's entry (plain next start) cannot honour hops or none", () => {
    process.env.APP_ENV = 'production';
    for (const v of ['hops:1', 'none']) {
      process.env.TRUSTED_PROXY = v;
      expect(() => checkStartupConfig()).toThrow(/needs the service's own entry/);
    }
    process.env.TRUSTED_PROXY = 'vercel';
    expect(() => checkStartupConfig()).not.toThrow();
  });

  it('development may leave TRUSTED_PROXY unset (the socket address)', () => {
    process.env.APP_ENV = 'development';
    delete process.env.TRUSTED_PROXY;
    expect(() => checkStartupConfig()).not.toThrow();
  });

  it.each([
    ['vercel', { kind: 'vercel' }],
    ['none', { kind: 'none' }],
    [undefined, { kind: 'none' }],
    ['HOPS:2', { kind: 'hops', hops: 2 }],
  ])('TRUSTED_PROXY=%s → %j', (value, rule) => {
    expect(parseTrustedProxy(value)).toEqual(rule);
  });

  it.each(['cloudflare', 'hops:', 'hops:-1', 'hops:100'])('TRUSTED_PROXY=%s is refused', (value) => {
    expect(() => parseTrustedProxy(value)).toThrow(/TRUSTED_PROXY/);
  });
});

describe('README configuration table', () => {
  it('is the one generated from lib/config (npm run config:docs)', () => {
    const readme = fs.readFileSync(path.resolve('README.md'), 'utf8');
    expect(withConfigTable(readme)).toBe(readme);
    for (const g of Object.values(CONFIG_GROUPS) as Group[]) for (const v of Object.values(g.vars)) expect(configTable()).toContain(`\`${v.env}\``);
  });
});

describe('no environment reads outside lib/config', () => {
  it('lib, app and components read process.env only in lib/config', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(e.name) && !full.startsWith(path.join('lib', 'config')) && /process\.env/.test(fs.readFileSync(full, 'utf8'))) offenders.push(full);
      }
    };
    for (const d of ['lib', 'app', 'components']) walk(d);
    expect(offenders).toEqual([]);
  });
});
