'use client';

import Link from 'next/link';
import { useState } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import type { Submission } from '@/lib/research/schemas';
import { TerpeneChart } from '@/components/terpene-chart';
import { TypeBadge } from '@/components/type-badge';
import { AdminPage, LoadState, relativeTime } from '@/components/admin/admin-page';

const STATUSES = ['pending_review', 'pending', 'researching', 'approved', 'rejected', 'failed'];
const BADGE: Record<string, string> = { pending_review: 'badge badge-warn', approved: 'badge badge-ok', rejected: 'badge', failed: 'badge badge-fail' };

export function ResearchQueue() {
  const [status, setStatus] = useState('pending_review');
  const { data, meta, error, loading, reload } = useApi<Submission[]>('/admin/research', { status: status || undefined, limit: 50 });
  const counts = (meta.counts ?? {}) as Record<string, number>;
  const items = Array.isArray(data) ? data : ((data as { items?: Submission[] } | null)?.items ?? []);
  return (
    <AdminPage
      title="Research queue"
      intro="Submitted strains go through a research task that drafts a profile. Approve a draft to add it to the catalog, or reject it."
      actions={
        <button type="button" className="btn" onClick={reload}>
          Refresh
        </button>
      }
    >
      <div className="tabs" role="tablist" aria-label="Submission status">
        {STATUSES.map((s) => (
          <button key={s} type="button" role="tab" aria-selected={status === s} onClick={() => setStatus(s)}>
            {s.replace('_', ' ')} {counts[s] !== undefined ? <span className="badge">{counts[s]}</span> : null}
          </button>
        ))}
      </div>
      <LoadState loading={loading && !data} error={error} empty={!loading && items.length === 0}>
        <div className="stack">
          {items.map((s) => (
            <SubmissionCard key={s.id} s={s} onDone={reload} />
          ))}
        </div>
      </LoadState>
    </AdminPage>
  );
}

function SubmissionCard({ s, onDone }: { s: Submission; onDone: () => void }) {
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const d = s.draft;

  async function act(kind: 'approve' | 'reject') {
    setBusy(kind);
    setMsg(null);
    try {
      const body = note.trim() ? { note: note.trim() } : {};
      const r = await apiData<{ strain?: { slug: string; name: string } }>(`/admin/research/${encodeURIComponent(s.id)}/${kind}`, { method: 'POST', body });
      setMsg({ ok: true, text: kind === 'approve' ? `Approved${r?.strain ? ` — added as ${r.strain.name}` : ''}.` : 'Rejected.' });
      setTimeout(onDone, 600);
    } catch (e) {
      setMsg({ ok: false, text: describeError(e) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className="card" data-testid="submission" data-status={s.status} aria-labelledby={`sub-${s.id}`}>
      <div className="row">
        <h2 id={`sub-${s.id}`} style={{ margin: 0 }}>
          {s.strainName}
        </h2>
        <span className={BADGE[s.status] ?? 'badge'}>{s.status.replace('_', ' ')}</span>
        <span className="spacer" />
        <span className="small muted">
          {s.source} · submitted {relativeTime(s.createdAt)}
        </span>
      </div>
      {s.error ? <p className="alert alert-error">{s.error.message}</p> : null}
      {s.strainSlug ? (
        <p className="small">
          In the catalog: <Link href={`/strains/${encodeURIComponent(s.strainSlug)}`}>{s.strainSlug}</Link>
        </p>
      ) : null}
      {d ? (
        <div className="grid grid-2" style={{ marginTop: '0.75rem' }}>
          <div>
            <dl className="kv">
              <dt>Type</dt>
              <dd>
                <TypeBadge type={d.type} />
              </dd>
              <dt>THC / CBD</dt>
              <dd>
                {d.thc ?? '—'}% / {d.cbd ?? '—'}%
              </dd>
              <dt>Family</dt>
              <dd>{d.highFamily ?? '—'}</dd>
              <dt>Effects</dt>
              <dd>{d.effects.join(', ') || '—'}</dd>
              <dt>Aromas</dt>
              <dd>{d.aromas.join(', ') || '—'}</dd>
              <dt>Parents</dt>
              <dd>{d.parents.join(' × ') || '—'}</dd>
              <dt>Draft by</dt>
              <dd>
                {d.engine} · confidence {Math.round(d.confidence * 100)}%
              </dd>
            </dl>
            <p className="small" style={{ marginTop: '0.5rem' }}>
              {d.description}
            </p>
            {d.notes.length ? (
              <ul className="small muted">
                {d.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <div>
            <TerpeneChart terpenes={d.terpenes} title={`${d.name} drafted terpenes`} />
            {d.relatives.length ? <p className="small muted">Related: {d.relatives.map((r) => r.name).join(', ')}</p> : null}
          </div>
        </div>
      ) : (
        <p className="muted small">No draft yet.</p>
      )}
      {s.status !== 'approved' && s.status !== 'rejected' ? (
        <div className="row" style={{ marginTop: '0.75rem', alignItems: 'end' }}>
          <div style={{ flex: 1, minWidth: 200 }}>
            <label htmlFor={`note-${s.id}`} className="small">
              Review note (optional)
            </label>
            <input id={`note-${s.id}`} type="text" maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          {s.status === 'pending_review' ? (
            <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void act('approve')}>
              {busy === 'approve' ? 'Approving…' : 'Approve'}
            </button>
          ) : null}
          <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => void act('reject')}>
            {busy === 'reject' ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      ) : s.reviewNote ? (
        <p className="small muted">Note: {s.reviewNote}</p>
      ) : null}
      {msg ? (
        <p className={msg.ok ? 'alert alert-ok' : 'alert alert-error'} role="status">
          {msg.text}
        </p>
      ) : null}
    </article>
  );
}
