'use client';

import { useState, type FormEvent } from 'react';
import { clearUserSession, storeUserToken, supabaseClient, supabaseConfigured, useUserSession } from '@/lib/client/session';

/**
 * Features that need a user (notebooks, scans, receipts) ask the visitor to sign in: with Supabase
 * Auth configured by password or a one-time e-mail link; otherwise (a deployment without an
 * identity provider, where the development session is off) by pasting a user token minted with
 * `npm run token`. In development the demo session signs in by itself and this renders nothing.
 */
export function SignInCard() {
  const { session, error, refresh } = useUserSession();
  if (session || !error) return null;
  return supabaseConfigured() ? <SupabaseSignIn refresh={refresh} /> : <TokenSignIn refresh={refresh} />;
}

function TokenSignIn({ refresh }: { refresh: () => Promise<unknown> }) {
  const [token, setToken] = useState('');
  return (
    <form
      className="card"
      style={{ marginBottom: '1rem' }}
      aria-label="Sign in with a token"
      onSubmit={(e) => {
        e.preventDefault();
        storeUserToken(token);
        void refresh();
      }}
    >
      <h2>Sign in to use this feature</h2>
      <label htmlFor="si-token">User token</label>
      <div className="row" style={{ alignItems: 'end' }}>
        <input id="si-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} style={{ flex: 1, minWidth: 240 }} required />
        <button type="submit" className="btn btn-primary" disabled={!token.trim()}>
          Use token
        </button>
      </div>
      <p className="muted">
        Mint one with <code>npm run token -- --user you --tier premium</code>.
      </p>
    </form>
  );
}

function SupabaseSignIn({ refresh }: { refresh: () => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent, mode: 'password' | 'link') {
    e.preventDefault();
    setBusy(true);
    setMsg(null);
    const client = await supabaseClient();
    const r =
      mode === 'password'
        ? await client.auth.signInWithPassword({ email, password })
        : await client.auth.signInWithOtp({ email, options: { emailRedirectTo: window.location.href } });
    setBusy(false);
    if (r.error) return setMsg(r.error.message);
    if (mode === 'link') return setMsg('Check your e-mail for a sign-in link.');
    clearUserSession();
    await refresh();
  }

  return (
    <form className="card" style={{ marginBottom: '1rem' }} onSubmit={(e) => void submit(e, 'password')} aria-label="Sign in">
      <h2>Sign in to use this feature</h2>
      <div className="row" style={{ alignItems: 'end' }}>
        <div style={{ flex: 1, minWidth: 200 }}>
          <label htmlFor="si-email">E-mail</label>
          <input id="si-email" type="text" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <div style={{ flex: 1, minWidth: 200 }}>
          <label htmlFor="si-password">Password</label>
          <input id="si-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !email || !password}>
          Sign in
        </button>
        <button type="button" className="btn" disabled={busy || !email} onClick={(e) => void submit(e as unknown as FormEvent, 'link')}>
          E-mail me a link
        </button>
      </div>
      {msg ? <p className="alert alert-info">{msg}</p> : null}
    </form>
  );
}
