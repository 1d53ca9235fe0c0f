import { z } from 'zod';
import { bool, int, json, str, url } from '@/lib/config/define';

const KeyWindows = z.record(z.string(), z.object({ limit: z.number().int().min(1), windowSeconds: z.number().int().min(1).optional() }));

export const ratelimit = {
  title: 'Rate limits',
  vars: {
    enabled: bool('RATE_LIMIT_ENABLED', true, '`false` turns every limiter off'),
    timeoutMs: int('RATE_LIMIT_TIMEOUT_MS', 1000, 'a limiter store slower than this lets the request through', { min: 1 }),
    redisUrl: str('REDIS_URL', 'rate limits in any Redis (through `@upstash/ratelimit`)', { secret: true }),
    upstashUrl: url('UPSTASH_REDIS_REST_URL', 'rate limits in Upstash over REST (with the token)'),
    upstashToken: str('UPSTASH_REDIS_REST_TOKEN', 'Upstash REST token', { secret: true }),
    apiKeyLimits: json('API_KEY_LIMITS', KeyWindows, {}, 'per-key windows, JSON: `{"API_KEY":{"limit":500,"windowSeconds":60}}` (default 100/min)', { show: '`{}`' }),
    adminFailureLimit: int('ADMIN_FAILURE_LIMIT', 20, 'failed admin-key attempts allowed per key prefix per 10 minutes, whatever the address (slows key guessing)', { min: 1 }),
  },
} as const;
