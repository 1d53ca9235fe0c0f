import type { ReactNode } from 'react';

export function AdminPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className="page-head row" style={{ alignItems: 'flex-start' }}>
        <div style={{ flex: 1 }}>
          <h1>{title}</h1>
          {intro ? <p>{intro}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </>
  );
}

export function LoadState({ loading, error, empty, children }: { loading: boolean; error: string | null; empty?: boolean; children: ReactNode }) {
  if (error) return <p className="alert alert-error">{error}</p>;
  if (loading) return <div className="card skeleton" style={{ height: 160 }} aria-busy="true" />;
  if (empty) return <p className="muted">Nothing here yet.</p>;
  return <>{children}</>;
}

/** "in 3 h 12 min" / "5 min ago" for expiry and run times. */
export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const ms = Date.parse(iso) - now;
  const abs = Math.abs(ms);
  const mins = Math.round(abs / 60_000);
  const text = mins < 1 ? 'less than a minute' : mins < 60 ? `${mins} min` : `${Math.floor(mins / 60)} h ${mins % 60} min`;
  return ms >= 0 ? `in ${text}` : `${text} ago`;
}

/** First image URL in an unknown response shape (generation endpoints may nest it). */
export function findImageUrl(v: unknown, depth = 0): string | null {
  if (depth > 4 || v === null || v === undefined) return null;
  if (typeof v === 'string') return /^(\/api\/v1\/files\/|https?:\/\/|data:image\/)/.test(v) && /(png|webp|jpe?g|image|files)/i.test(v) ? v : null;
  if (Array.isArray(v)) {
    for (const x of v) {
      const u = findImageUrl(x, depth + 1);
      if (u) return u;
    }
    return null;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['imageUrl', 'url', 'image', 'publicUrl', 'heroImageUrl']) {
      const u = findImageUrl(o[k], depth + 1);
      if (u) return u;
    }
    for (const x of Object.values(o)) {
      const u = findImageUrl(x, depth + 1);
      if (u) return u;
    }
  }
  return null;
}
