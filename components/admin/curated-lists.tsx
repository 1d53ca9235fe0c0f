'use client';

import { useId, useState } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import type { DiscoverList } from '@/lib/discover/schemas';
import { AdminPage, LoadState, relativeTime } from '@/components/admin/admin-page';

const slugsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** Curated discover lists: create, edit (title, description, members in order), delete; refresh the computed ones. */
export function CuratedLists() {
  const { data, error, loading, reload } = useApi<DiscoverList[]>('/discover', { limit: 100 });
  const lists = Array.isArray(data) ? data : [];
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function refresh() {
    setBusy(true);
    setMsg(null);
    try {
      const r = await apiData<{ lists: number; changed: number }>('/admin/discover/refresh', { method: 'POST' });
      setMsg({ ok: true, text: `Recomputed ${r.lists} lists, ${r.changed} changed.` });
      reload();
    } catch (e) {
      setMsg({ ok: false, text: describeError(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage
      title="Discover lists"
      intro="Curated lists appear first on /discover. Computed lists are rebuilt by the daily sync; refresh them here after a large import."
      actions={
        <button type="button" className="btn" onClick={refresh} disabled={busy}>
          Recompute computed lists
        </button>
      }
    >
      {msg ? (
        <div className={`alert ${msg.ok ? 'alert-ok' : 'alert-error'}`} role={msg.ok ? 'status' : 'alert'}>
          {msg.text}
        </div>
      ) : null}
      <ListEditor onDone={reload} />
      <LoadState loading={loading && !data} error={error} empty={!loading && lists.length === 0}>
        <div className="stack">
          {lists.map((l) =>
            l.kind === 'curated' ? (
              <CuratedCard key={l.slug} l={l} onDone={reload} />
            ) : (
              <div key={l.slug} className="card small" data-testid="computed-list">
                <strong>{l.title}</strong>{' '}
                <span className="muted">
                  · {l.slug} · {l.strainCount} strains · updated {relativeTime(l.updatedAt)}
                </span>
              </div>
            ),
          )}
        </div>
      </LoadState>
    </AdminPage>
  );
}

function ListEditor({ onDone, initial }: { onDone: () => void; initial?: DiscoverList & { strainSlugs: string[] } }) {
  const id = useId();
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [strains, setStrains] = useState(initial?.strainSlugs.join('\n') ?? '');
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setMsg(null);
    try {
      if (initial) await apiData(`/admin/discover/${encodeURIComponent(initial.slug)}`, { method: 'PATCH', body: { title, description, strainSlugs: slugsOf(strains) } });
      else await apiData('/admin/discover', { method: 'POST', body: { slug, title, description, strainSlugs: slugsOf(strains) } });
      setMsg({ ok: true, text: 'Saved.' });
      if (!initial) {
        setSlug('');
        setTitle('');
        setDescription('');
        setStrains('');
      }
      onDone();
    } catch (err) {
      setMsg({ ok: false, text: describeError(err) });
    }
  }

  return (
    <form className="card stack" onSubmit={save} aria-label={initial ? `Edit ${initial.title}` : 'New curated list'}>
      {!initial ? <h2 style={{ margin: 0 }}>New curated list</h2> : null}
      {!initial ? (
        <div className="field">
          <label className="label" htmlFor={`${id}-slug`}>
            Slug
          </label>
          <input id={`${id}-slug`} value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="staff-picks" required />
        </div>
      ) : null}
      <div className="field">
        <label className="label" htmlFor={`${id}-title`}>
          Title
        </label>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required />
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-desc`}>
          Description
        </label>
        <input id={`${id}-desc`} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-strains`}>
          Strain slugs, in order (one per line or comma-separated)
        </label>
        <textarea id={`${id}-strains`} rows={4} value={strains} onChange={(e) => setStrains(e.target.value)} />
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary">
          {initial ? 'Save changes' : 'Create list'}
        </button>
        {msg ? (
          <span className={`small ${msg.ok ? '' : 'muted'}`} role={msg.ok ? 'status' : 'alert'}>
            {msg.text}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function CuratedCard({ l, onDone }: { l: DiscoverList; onDone: () => void }) {
  const [editing, setEditing] = useState<(DiscoverList & { strainSlugs: string[] }) | null>(null);
  const [err, setErr] = useState<string | null>(null);

  async function edit() {
    setErr(null);
    try {
      const d = await apiData<{ list: DiscoverList; strains: { slug: string }[] }>(`/discover/${encodeURIComponent(l.slug)}`, { query: { limit: 100 } });
      setEditing({ ...d.list, strainSlugs: d.strains.map((s) => s.slug) });
    } catch (e) {
      setErr(describeError(e));
    }
  }
  async function remove() {
    if (!window.confirm(`Delete the list “${l.title}”?`)) return;
    try {
      await apiData(`/admin/discover/${encodeURIComponent(l.slug)}`, { method: 'DELETE' });
      onDone();
    } catch (e) {
      setErr(describeError(e));
    }
  }

  return (
    <article className="card" data-testid="curated-list">
      <div className="row">
        <h3 style={{ margin: 0 }}>{l.title}</h3>
        <span className="badge badge-ok">curated</span>
        <span className="small muted">
          {l.slug} · {l.strainCount} strains · updated {relativeTime(l.updatedAt)}
        </span>
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={editing ? () => setEditing(null) : edit}>
          {editing ? 'Close' : 'Edit'}
        </button>
        <button type="button" className="btn btn-small btn-danger" onClick={remove}>
          Delete
        </button>
      </div>
      {err ? (
        <div className="alert alert-error" role="alert">
          {err}
        </div>
      ) : null}
      {editing ? (
        <ListEditor
          initial={editing}
          onDone={() => {
            setEditing(null);
            onDone();
          }}
        />
      ) : null}
    </article>
  );
}
