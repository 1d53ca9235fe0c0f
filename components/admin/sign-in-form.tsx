'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { Brand } from '@/components/brand';

/** Exchanges the admin key for the httpOnly session cookie; the key is sent once and never stored by the page. */
export function SignInForm() {
  const router = useRouter();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiData('/admin/session', { method: 'POST', body: { key } });
      setKey('');
      router.refresh();
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  }

  return (
    <main id="main" className="container" style={{ maxWidth: 440, paddingTop: '12vh' }}>
      <div style={{ marginBottom: '1.25rem' }}>
        <Brand href="/" />
      </div>
      <form className="card" onSubmit={submit} aria-label="Admin sign-in">
        <h1 style={{ fontSize: '1.4rem' }}>Admin dashboard</h1>
        <p className="muted small">Sign in with the server&apos;s admin key (ADMIN_API_KEY). The dashboard keeps a signed session cookie, never the key.</p>
        <div className="field">
          <label htmlFor="admin-key">Admin key</label>
          <input id="admin-key" type="password" autoComplete="current-password" value={key} onChange={(e) => setKey(e.target.value)} required />
        </div>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy || !key}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
