'use client';

import { useCallback, useEffect, useState } from 'react';
import { apiData } from './api';

/**
 * Where the demo pages get a user token: the Supabase session in production
 * (NEXT_PUBLIC_SUPABASE_URL + NEXT_PUBLIC_SUPABASE_ANON_KEY set), otherwise the development
 * session route (/api/v1/dev/session, which answers only in development or with DEMO_SESSION=true).
 */
export interface UserSession {
  token: string;
  userId: string;
  tier: string;
  expiresAt: number;
  source: 'supabase' | 'demo';
}

let cached: UserSession | null = null;
let inflight: Promise<UserSession> | null = null;

type SupabaseClient = import('@supabase/supabase-js').SupabaseClient;
let supabase: Promise<SupabaseClient> | null = null;

/** True when the pages authenticate through Supabase Auth rather than the demo session. */
export function supabaseConfigured(): boolean {
  return !!(process.env.NEXT_PUBLIC_SUPABASE_URL && process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY);
}

/** One browser Supabase client (loaded only when configured). */
export function supabaseClient(): Promise<SupabaseClient> {
  if (!supabase) {
    const url = process.env.NEXT_PUBLIC_SUPABASE_URL as string;
    const anon = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY as string;
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

async function fromDemo(): Promise<UserSession> {
  const d = await apiData<{ token: string; userId: string; tier: string; expiresAt: string }>('/dev/session', { query: { tier: 'premium', user: 'demo-user' } });
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
