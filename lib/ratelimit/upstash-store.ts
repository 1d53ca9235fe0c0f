import { createHash } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import { Redis as UpstashRedis } from '@upstash/redis';
import type IORedis from 'ioredis';
import type { LimitResult, LimitStore } from '@/lib/ratelimit/store';

/**
 * Adapter that lets @upstash/ratelimit run on any Redis through ioredis. Upstash's Lua scripts
 * start with `#!lua flags=allow-key-locking`, which stock Redis rejects, so the line is stripped;
 * `evalsha` with Upstash's hash always reports NOSCRIPT so the library falls back to `eval`,
 * which here runs the stripped script by its own SHA (one round trip once cached).
 */
export function ioredisAdapter(client: IORedis) {
  const stripped = new Map<string, { body: string; sha: string }>();
  const prepare = (script: string) => {
    let s = stripped.get(script);
    if (!s) {
      const body = script.replace(/^#!lua[^\n]*\n/, '');
      s = { body, sha: createHash('sha1').update(body).digest('hex') };
      stripped.set(script, s);
    }
    return s;
  };
  return {
    async evalsha(): Promise<never> {
      throw new Error('NOSCRIPT adapter: use eval');
    },
    async eval(script: string, keys: string[], args: unknown[]): Promise<unknown> {
      const { body, sha } = prepare(script);
      const argv = args.map((a) => String(a));
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...argv);
      } catch (e) {
        if (!String(e).includes('NOSCRIPT')) throw e;
        return await client.eval(body, keys.length, ...keys, ...argv);
      }
    },
  };
}

type RedisLike = ConstructorParameters<typeof Ratelimit>[0]['redis'];

/** Fixed-window limiter over @upstash/ratelimit (plain Redis through ioredis, or Upstash REST). */
export class UpstashStore implements LimitStore {
  private limiters = new Map<string, Ratelimit>();
  constructor(
    readonly name: string,
    private redis: RedisLike,
    private timeoutMs: number,
  ) {}

  private limiter(limit: number, windowMs: number): Ratelimit {
    const id = `${limit}:${windowMs}`;
    let rl = this.limiters.get(id);
    if (!rl) {
      rl = new Ratelimit({
        redis: this.redis,
        limiter: Ratelimit.fixedWindow(limit, `${windowMs} ms`),
        prefix: 'ci:rl',
        analytics: false,
        timeout: this.timeoutMs,
        ephemeralCache: false,
      });
      this.limiters.set(id, rl);
    }
    return rl;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const r = await this.limiter(limit, windowMs).limit(key);
    return { success: r.success, limit: r.limit, remaining: Math.max(0, r.remaining), reset: r.reset };
  }

  async peek(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const r = await this.limiter(limit, windowMs).getRemaining(key);
    return { success: r.remaining > 0, limit, remaining: Math.max(0, r.remaining), reset: r.reset };
  }
}

export function upstashRestStore(url: string, token: string, timeoutMs: number): UpstashStore {
  return new UpstashStore('upstash-rest', new UpstashRedis({ url, token }), timeoutMs);
}

export async function ioredisStore(url: string, timeoutMs: number): Promise<{ store: UpstashStore; client: IORedis }> {
  const { default: Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false, // a dead Redis fails fast instead of queueing requests
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  client.on('error', () => {}); // surfaced per call; the limiter fails open and logs once
  // Wait briefly for the first connection so early requests are counted; a dead Redis does not block start-up.
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, 1000);
    client.once('ready', () => {
      clearTimeout(t);
      resolve();
    });
  });
  return { store: new UpstashStore('redis', ioredisAdapter(client) as unknown as RedisLike, timeoutMs), client };
}
