/**
 * Environment access. Read lazily on every call so tests (and long-lived processes that
 * reload configuration) see the current values; nothing here caches process.env.
 */
export type AppEnv = 'development' | 'production' | 'test';

export function appEnv(): AppEnv {
  const v = process.env.APP_ENV ?? process.env.NODE_ENV ?? 'development';
  return v === 'production' || v === 'test' ? v : 'development';
}

export const isProduction = () => appEnv() === 'production';
export const isDevelopment = () => appEnv() === 'development';

export function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
}

export function envInt(name: string, fallback: number): number {
  const v = env(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
}

export function envBool(name: string, fallback = false): boolean {
  const v = env(name);
  if (v === undefined) return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** Development-only JWT secret so `npm run dev` works on a fresh machine with no .env. */
export const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me-0123456789';

export function jwtSecret(): string | undefined {
  return env('SUPABASE_JWT_SECRET') ?? (isDevelopment() ? DEV_JWT_SECRET : undefined);
}

export const APP_VERSION = '1.0.0';
