/**
 * The one configuration module: every environment variable is declared once (lib/config/groups),
 * parsed once per process and read through `config()`. Nothing else reads `process.env`.
 * Tests change variables freely: their setup file calls `resetConfig()` whenever process.env
 * changes, so the next `config()` sees the new values.
 */
import 'server-only';
import { ConfigError, parseGroups } from '@/lib/config/define';
import { CONFIG_GROUPS } from '@/lib/config/schema';

export { ConfigError } from '@/lib/config/define';
export { CONFIG_GROUPS } from '@/lib/config/schema';

export type Config = ReturnType<typeof parseAll>;
export type AppEnv = 'development' | 'production' | 'test';

function parseAll(source: Record<string, string | undefined>) {
  return parseGroups(CONFIG_GROUPS, source);
}

const g = globalThis as unknown as { __ciConfig?: Config };

/** The parsed configuration (throws ConfigError naming every invalid variable). */
export function config(): Config {
  return (g.__ciConfig ??= parseAll(process.env));
}

/** Forget the parsed configuration (tests, after changing process.env). */
export function resetConfig(): void {
  g.__ciConfig = undefined;
}

export function appEnv(): AppEnv {
  const s = config().server;
  return s.appEnv ?? s.nodeEnv;
}

export const isProduction = (): boolean => appEnv() === 'production';
export const isDevelopment = (): boolean => appEnv() === 'development';

/** Development-only JWT secret so `npm run dev` works on a fresh machine with no .env. */
export const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789';

export function jwtSecret(): string | undefined {
  return config().auth.jwtSecret ?? (isDevelopment() ? DEV_JWT_SECRET : undefined);
}

export const APP_VERSION = '1.0.0';

/**
 * What a production start must have on top of valid values. Called by instrumentation.ts when the
 * server starts; a problem stops the start with a message naming the variable.
 */
export function checkStartupConfig(): void {
  const c = config();
  const problems: string[] = [];
  if (appEnv() === 'production') {
    const tp = c.server.trustedProxy;
    if (tp === undefined) problems.push('TRUSTED_PROXY is not set: say where the client address comes from (vercel, hops:N or none); see docs/security.md');
  }
  try {
    const rule = parseTrustedProxy(c.server.trustedProxy);
    const entry = (globalThis as { __ciSocketEntry?: boolean }).__ciSocketEntry === true;
    if (appEnv() === 'production' && rule.kind !== 'vercel' && !entry) {
      problems.push(
        `TRUSTED_PROXY=${rule.kind === 'none' ? 'none' : `hops:${rule.hops}`} needs the service's own entry to see socket addresses: start with \`npm start\` or the standalone \`server.js\`, not plain \`next start\``,
      );
    }
  } catch (e) {
    problems.push((e as Error).message);
  }
  if (problems.length) throw new ConfigError(problems);
}

export type TrustedProxy = { kind: 'vercel' } | { kind: 'none' } | { kind: 'hops'; hops: number };

/** TRUSTED_PROXY as a rule (unset → `none`, which development uses). */
export function parseTrustedProxy(value: string | undefined): TrustedProxy {
  const v = (value ?? 'none').trim().toLowerCase();
  if (v === 'vercel') return { kind: 'vercel' };
  if (v === 'none') return { kind: 'none' };
  const m = /^hops:(\d{1,2})$/.exec(v);
  if (m && Number(m[1]) >= 1) return { kind: 'hops', hops: Number(m[1]) };
  throw new Error(`TRUSTED_PROXY=${JSON.stringify(value)}: must be vercel, none or hops:N (N ≥ 1)`);
}
