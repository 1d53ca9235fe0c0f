'use client';

import { useState } from 'react';
import { ApiClientError, apiData, describeError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import { checkLength, PLATFORMS } from '@/lib/social/length';
import { DRAFT_STATUSES, type DraftStatus, type SocialDraft, type SocialStats } from '@/lib/social/schemas';
import { AdminPage, LoadState, relativeTime } from '@/components/admin/admin-page';

const BADGE: Record<DraftStatus, string> = { draft: 'badge', approved: 'badge badge-ok', scheduled: 'badge badge-warn', published: 'badge badge-ok', rejected: 'badge badge-fail' };
const PLATFORM_LABEL: Record<string, string> = { x: 'X', bluesky: 'Bluesky', threads: 'Threads', instagram: 'Instagram', facebook: 'Facebook' };

/** The actions each status offers (the transition table of DECISIONS §11). */
const ACTIONS: Record<DraftStatus, { to: DraftStatus; label: string; className: string }[]> = {
  draft: [
    { to: 'approved', label: 'Approve', className: 'btn btn-small btn-primary' },
    { to: 'rejected', label: 'Reject', className: 'btn btn-small btn-danger' },
  ],
  approved: [
    { to: 'scheduled', label: 'Schedule', className: 'btn btn-small btn-primary' },
    { to: 'draft', label: 'Back to draft', className: 'btn btn-small' },
    { to: 'rejected', label: 'Reject', className: 'btn btn-small btn-danger' },
  ],
  scheduled: [
    { to: 'published', label: 'Mark published', className: 'btn btn-small btn-primary' },
    { to: 'approved', label: 'Unschedule', className: 'btn btn-small' },
  ],
  rejected: [{ to: 'draft', label: 'Back to draft', className: 'btn btn-small' }],
  published: [],
};

export function SocialDrafts() {
  const [status, setStatus] = useState<DraftStatus | ''>('draft');
  const [platform, setPlatform] = useState('');
  const [offset, setOffset] = useState(0);
  const [generated, setGenerated] = useState<string | null>(null);
  const { data, meta, error, loading, reload } = useApi<SocialDraft[]>('/social/drafts', { status: status || undefined, platform: platform || undefined, limit: 20, offset });
  const stats = useApi<SocialStats>('/social/stats');
  const items = data ?? [];
  const total = meta.pagination?.total ?? 0;
  const refresh = () => {
    reload();
    stats.reload();
  };

  async function generate() {
    setGenerated(null);
    try {
      const r = await apiData<{ created: number; skipped: number }>('/social/drafts/generate', { method: 'POST', body: {} });
      setGenerated(`${r.created} new draft${r.created === 1 ? '' : 's'}, ${r.skipped} already drafted.`);
      refresh();
    } catch (e) {
      setGenerated(describeError(e));
    }
  }

  return (
    <AdminPage
      title="Social drafts"
      intro="Posts drafted for new strains and blog posts, one per platform. Edit the text (the count is the platform's own), approve, schedule, mark published or reject. Posting happens outside the service."
      actions={
        <div className="row">
          <button type="button" className="btn" onClick={refresh}>
            Refresh
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void generate()} data-testid="generate-drafts">
            Draft new content
          </button>
        </div>
      }
    >
      {generated ? (
        <p className="alert alert-info" role="status">
          {generated}
        </p>
      ) : null}
      {/* Always rendered (one line reserved) so the counts arriving do not push the board down. */}
      <p className="small muted" data-testid={stats.data ? 'social-stats' : undefined} style={{ minHeight: '1.5em' }}>
        {stats.data
          ? `${stats.data.scheduledNext7Days} scheduled in the next 7 days · ${stats.data.publishedLast30Days} published in the last 30 days · ${stats.data.createdLast24h} drafted in the last 24 hours`
          : '\u00a0'}
      </p>
      <div className="row" style={{ alignItems: 'end' }}>
        <div className="tabs" role="tablist" aria-label="Draft status">
          {(['', ...DRAFT_STATUSES] as const).map((s) => (
            <button
              key={s || 'all'}
              type="button"
              role="tab"
              aria-selected={status === s}
              onClick={() => {
                setStatus(s);
                setOffset(0);
              }}
            >
              {s || 'all'} {s && stats.data ? <span className="badge">{stats.data.byStatus[s] ?? 0}</span> : null}
            </button>
          ))}
        </div>
        <span className="spacer" />
        <div className="field">
          <label htmlFor="platform-filter" className="small">
            Platform
          </label>
          <select
            id="platform-filter"
            value={platform}
            onChange={(e) => {
              setPlatform(e.target.value);
              setOffset(0);
            }}
          >
            <option value="">All platforms</option>
            {PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABEL[p]} {stats.data ? `(${stats.data.byPlatform[p] ?? 0})` : ''}
              </option>
            ))}
          </select>
        </div>
      </div>
      <LoadState loading={loading && !data} error={error} empty={!loading && items.length === 0}>
        <div className="stack">
          {items.map((d) => (
            <DraftCard key={d.id} initial={d} onChanged={() => stats.reload()} />
          ))}
        </div>
        {total > 20 ? (
          <div className="pagination row">
            <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 20))}>
              Previous
            </button>
            <span className="small muted">
              {offset + 1}–{Math.min(offset + 20, total)} of {total}
            </span>
            <button type="button" className="btn btn-small" disabled={offset + 20 >= total} onClick={() => setOffset(offset + 20)}>
              Next
            </button>
          </div>
        ) : null}
      </LoadState>
    </AdminPage>
  );
}

const tagsOf = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#/, ''))
    .filter(Boolean);

/** `datetime-local` value one hour from now, in the browser's zone. */
function inOneHour(): string {
  const d = new Date(Date.now() + 3600_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function DraftCard({ initial, onChanged }: { initial: SocialDraft; onChanged: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [text, setText] = useState(initial.text);
  const [tags, setTags] = useState(initial.hashtags.join(' '));
  // Cards render only after the client fetched them, so the clock is read in the browser.
  const [when, setWhen] = useState(inOneHour);
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [conflict, setConflict] = useState<SocialDraft | null>(null);

  const hashtags = tagsOf(tags);
  const len = checkLength(draft.platform, { text, hashtags, link: draft.link });
  const dirty = text !== draft.text || hashtags.join(' ') !== draft.hashtags.join(' ');
  const final = draft.status === 'published';

  async function send(update: Record<string, unknown>, done: string) {
    setBusy(true);
    setMsg(null);
    try {
      const r = await apiData<{ updated: SocialDraft[] }>('/social/drafts', { method: 'PATCH', body: { updates: [{ id: draft.id, version: draft.version, ...update }] } });
      const d = r.updated[0];
      setDraft(d);
      setText(d.text);
      setTags(d.hashtags.join(' '));
      setConflict(null);
      setMsg({ ok: true, text: done });
      onChanged();
    } catch (e) {
      if (e instanceof ApiClientError && e.code === 'CONFLICT') {
        const current = (e.details as { current?: SocialDraft } | undefined)?.current ?? null;
        setConflict(current);
        setMsg({ ok: false, text: 'Someone else changed this draft since you opened it. Your edit is kept below; load their version to continue.' });
      } else setMsg({ ok: false, text: describeError(e) });
    } finally {
      setBusy(false);
    }
  }

  function act(to: DraftStatus) {
    const update: Record<string, unknown> = { status: to };
    if (dirty) Object.assign(update, { text, hashtags });
    if (to === 'scheduled') {
      if (!when) return setMsg({ ok: false, text: 'Pick a time to schedule.' });
      update.scheduledFor = new Date(when).toISOString();
    }
    void send(update, `Now ${to}.`);
  }

  function loadTheirs() {
    if (!conflict) return;
    setDraft(conflict);
    setText(conflict.text);
    setTags(conflict.hashtags.join(' '));
    setConflict(null);
    setMsg(null);
  }

  return (
    <article className="card" data-testid="social-draft" data-platform={draft.platform} data-status={draft.status} aria-labelledby={`draft-${draft.id}`}>
      <div className="row">
        <h2 id={`draft-${draft.id}`} style={{ margin: 0, fontSize: '1.1rem' }}>
          {PLATFORM_LABEL[draft.platform]} · {draft.kind.replace('_', ' ')}
        </h2>
        <span className={BADGE[draft.status]} data-testid="draft-status">
          {draft.status}
        </span>
        <span className="spacer" />
        <span className="small muted">
          {draft.source.kind} {draft.source.id} · v{draft.version} · updated {relativeTime(draft.updatedAt)}
          {draft.scheduledFor ? ` · scheduled ${new Date(draft.scheduledFor).toLocaleString()}` : ''}
          {draft.publishedAt ? ` · published ${relativeTime(draft.publishedAt)}` : ''}
        </span>
      </div>
      <label htmlFor={`text-${draft.id}`} className="visually-hidden">
        Post text
      </label>
      <textarea
        id={`text-${draft.id}`}
        rows={draft.platform === 'x' || draft.platform === 'bluesky' ? 4 : 7}
        value={text}
        disabled={final || busy}
        onChange={(e) => setText(e.target.value)}
        style={{ width: '100%', marginTop: '0.5rem' }}
      />
      <div className="row" style={{ alignItems: 'end' }}>
        <div className="field" style={{ flex: 1, minWidth: 200 }}>
          <label htmlFor={`tags-${draft.id}`} className="small">
            Hashtags
          </label>
          <input id={`tags-${draft.id}`} type="text" value={tags} disabled={final || busy} onChange={(e) => setTags(e.target.value)} />
        </div>
        <span
          className={len.fits ? 'badge' : 'badge badge-fail'}
          data-testid="char-count"
          aria-live="polite"
          title="The whole post (text, link, hashtags) as the platform counts it"
        >
          {len.length} / {len.limit}
        </span>
      </div>
      {draft.link ? <p className="small muted mono">{draft.link}</p> : null}
      {!final ? (
        <div className="row" style={{ marginTop: '0.5rem', alignItems: 'end' }}>
          <button type="button" className="btn btn-small" disabled={busy || !dirty || !len.fits} onClick={() => void send({ text, hashtags }, 'Saved.')}>
            Save
          </button>
          {draft.status === 'approved' ? (
            <div className="field">
              <label htmlFor={`when-${draft.id}`} className="small">
                Post at
              </label>
              <input id={`when-${draft.id}`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
            </div>
          ) : null}
          {ACTIONS[draft.status].map((a) => (
            <button key={a.to} type="button" className={a.className} disabled={busy || !len.fits} onClick={() => act(a.to)}>
              {a.label}
            </button>
          ))}
        </div>
      ) : null}
      {msg ? (
        <p className={msg.ok ? 'alert alert-ok' : 'alert alert-error'} role={msg.ok ? 'status' : 'alert'}>
          {msg.text}
        </p>
      ) : null}
      {conflict ? (
        <div className="card" data-testid="draft-conflict" style={{ marginTop: '0.5rem' }}>
          <p className="small">
            Their version (v{conflict.version}, {conflict.status}):
          </p>
          <pre className="json">{conflict.text}</pre>
          <button type="button" className="btn btn-small" onClick={loadTheirs}>
            Load their version
          </button>
        </div>
      ) : null}
    </article>
  );
}
