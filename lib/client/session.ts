'use client';

import { useCallback, useEffect, useState } from 'react';
import { publicConfig } from '@/lib/config/public';
import { apiData } from '@/lib/client/api';

/**
 * Where the demo pages get a user token: the Supabase session in production
 * (NEXT_PUBLIC_SUPABASE_URL + NEXT_PUBLIC_SUPABASE_ANON_KEY set), otherwise a token the visitor
 * pasted (from `npm run token`), otherwise the development session route (/api/v1/dev/session,
 * which answers only in development, or in a test run with DEMO_SESSION=true; 404 in production).
 */
export interface UserSession {
  token: string;
  userId: string;
  tier: string;
  expiresAt: number;
  source: 'supabase' | 'demo' | 'token';
}

let cached: UserSession | null = null;
let inflight: Promise<UserSession> | null = null;

type SupabaseClient = import('@supabase/supabase-js').SupabaseClient;
let supabase: Promise<SupabaseClient> | null = null;

/** True when the pages authenticate through Supabase Auth rather than the demo session. */
export function supabaseConfigured(): boolean {
  return !!(publicConfig.supabaseUrl && publicConfig.supabaseAnonKey);
}

/** One browser Supabase client (loaded only when configured). */
export function supabaseClient(): Promise<SupabaseClient> {
  if (!supabase) {
    const url = publicConfig.supabaseUrl as string;
    const anon = publicConfig.supabaseAnonKey as string;
    supabase = import('@supabase/supabase-js').then(({ createClient }) => createClient(url, anon, { auth: { persistSession: true } }));
  }
  return supabase;
}

/** Forget the cached token (after signing in or out). */
export function clearUserSession(): void {
  cached = null;
}

async function fromSupabase(): Promise<UserSession> {
  const client = await supabaseClient();
  const { data, error } = await client.auth.getSession();
  if (error || !data.session) throw new Error('Sign in to use this feature (no Supabase session found).');
  const s = data.session;
  const meta = (s.user.app_metadata ?? {}) as Record<string, unknown>;
  return {
    token: s.access_token,
    userId: s.user.id,
    tier: meta.subscription_tier === 'premium' ? 'premium' : 'free',
    expiresAt: (s.expires_at ?? 0) * 1000,
    source: 'supabase',
  };
}

/** Where a pasted token is kept (a token from `npm run token`, for deployments without Supabase Auth). */
export const STORED_TOKEN_KEY = 'ci.userToken';

function decodePayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A token the visitor pasted (verified by the API on every call, only read here). */
function fromStoredToken(): UserSession | null {
  const token = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORED_TOKEN_KEY);
  const p = token ? decodePayload(token) : null;
  if (!token || !p || typeof p.sub !== 'string') return null;
  const exp = typeof p.exp === 'number' ? p.exp * 1000 : 0;
  if (exp < Date.now()) return null;
  const meta = (p.app_metadata ?? {}) as Record<string, unknown>;
  return { token, userId: p.sub, tier: meta.subscription_tier === 'premium' ? 'premium' : 'free', expiresAt: exp, source: 'token' };
}

/** Keep (or with null, forget) a pasted user token. */
export function storeUserToken(token: string | null): void {
  if (token) localStorage.setItem(STORED_TOKEN_KEY, token.trim());
  else localStorage.removeItem(STORED_TOKEN_KEY);
  clearUserSession();
}

async function fromDemo(): Promise<UserSession> {
  const stored = fromStoredToken();
  if (stored) return stored;
  // Development only (404 in production): a demo token for the pages.
  const d = await apiData<{ token: string; userId: string; tier: string; expiresAt: string }>('/dev/session', { query: { tier: 'premium', user: 'demo-user' } }).catch(() => {
    throw new Error('Sign in: paste a user token (npm run token -- --user <id> --tier premium).');
  });
  return { token: d.token, userId: d.userId, tier: d.tier, expiresAt: Date.parse(d.expiresAt), source: 'demo' };
}

/** A valid user session, refreshed a minute before it expires. */
export async function getUserSession(): Promise<UserSession> {
  if (cached && cached.expiresAt - Date.now() > 60_000) return cached;
  if (!inflight) {
    inflight = (supabaseConfigured() ? fromSupabase() : fromDemo())
      .then((s) => (cached = s))
      .finally(() => {
        inflight = null;
      });
  }
  return inflight;
}

/** React view of the session: loads once on mount, exposes errors for the page to show. */
export function useUserSession(): { session: UserSession | null; error: string | null; refresh: () => Promise<UserSession | null> } {
  const [session, setSession] = useState<UserSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const s = await getUserSession();
      setSession(s);
      setError(null);
      return s;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return null;
    }
  }, []);
  useEffect(() => {
    getUserSession().then(setSession, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  return { session, error, refresh };
}
