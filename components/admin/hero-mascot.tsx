'use client';

import { useState } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { useApi } from '@/lib/client/use-api';
import type { HeroImage } from '@/lib/hero/schemas';
import { MASCOT_DESCRIPTION, MASCOT_NAME, type MascotPose } from '@/lib/mascot/schemas';
import { AdminPage, LoadState } from '@/components/admin/admin-page';
import { ImageCard } from '@/components/admin/image-card';

export function HeroAndMascot() {
  return (
    <AdminPage
      title="Hero images & mascot"
      intro="Generate 1600×900 hero banners for strain and site pages, and the mascot in each pose. The same prompt is rendered once; generating again reuses the stored image."
    >
      <HeroSection />
      <MascotSection />
    </AdminPage>
  );
}

function HeroSection() {
  const { data, error, loading, reload } = useApi<HeroImage[]>('/hero-images', { limit: 24 });
  const [subject, setSubject] = useState<'strain' | 'page'>('strain');
  const [slug, setSlug] = useState('');
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);

  async function generate(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMsg(null);
    try {
      const r = await apiData<{ webpUrl: string; cached: boolean }>('/hero-images/generate', {
        method: 'POST',
        body: { subject, slug: slug.trim(), ...(prompt.trim() ? { prompt: prompt.trim() } : {}) },
      });
      setMsg({ ok: true, text: r.cached ? 'Already generated: reused the stored image.' : 'Generated.' });
      reload();
    } catch (err) {
      setMsg({ ok: false, text: describeError(err) });
    } finally {
      setBusy(false);
    }
  }

  const items = data ?? [];
  return (
    <section aria-labelledby="hero-title" style={{ marginBottom: '2rem' }}>
      <h2 id="hero-title">Hero images</h2>
      <form className="row card" style={{ alignItems: 'end' }} onSubmit={(e) => void generate(e)} data-testid="hero-form">
        <div className="field">
          <label htmlFor="hero-subject" className="small">
            Subject
          </label>
          <select id="hero-subject" value={subject} onChange={(e) => setSubject(e.target.value as 'strain' | 'page')}>
            <option value="strain">Strain</option>
            <option value="page">Page</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="hero-slug" className="small">
            Slug
          </label>
          <input
            id="hero-slug"
            type="text"
            required
            pattern="[a-z0-9][a-z0-9\-]*"
            placeholder={subject === 'strain' ? 'blue-dream' : 'discover'}
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
          />
        </div>
        <div className="field" style={{ flex: 1, minWidth: 220 }}>
          <label htmlFor="hero-prompt" className="small">
            Prompt (optional; replaces the description built from the record)
          </label>
          <input id="hero-prompt" type="text" maxLength={1000} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !slug.trim()}>
          {busy ? 'Generating…' : 'Generate hero'}
        </button>
      </form>
      {/* Space kept for the answer and a fixed-height list, so generating never moves the page below. */}
      <div style={{ minHeight: '3.5rem' }}>
        {msg ? (
          <p className={msg.ok ? 'alert alert-ok' : 'alert alert-error'} role={msg.ok ? 'status' : 'alert'}>
            {msg.text}
          </p>
        ) : null}
      </div>
      <div style={{ height: '22rem', overflowY: 'auto' }}>
        <LoadState loading={loading && !data} error={error} empty={!loading && items.length === 0}>
          <div className="grid grid-features">
            {items.map((h) => (
              <figure key={`${h.subject}/${h.slug}`} className="card" data-testid="hero-image" style={{ margin: 0 }}>
                {/* eslint-disable-next-line @next/next/no-img-element -- generated images come from the API's file route */}
                <img
                  className="preview-img"
                  src={h.webpUrl}
                  alt={`Hero image for ${h.subject} ${h.slug}`}
                  width={1600}
                  height={900}
                  style={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover' }}
                />
                <figcaption className="small">
                  {h.subject} · <span className="mono">{h.slug}</span> · {h.provider}
                </figcaption>
              </figure>
            ))}
          </div>
        </LoadState>
      </div>
    </section>
  );
}

function MascotSection() {
  const { data, error, loading, reload } = useApi<{ name: string; description: string; poses: MascotPose[] }>('/mascot');
  const [custom, setCustom] = useState('');
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<string | null>(null);

  async function addCustom(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMsg(null);
    try {
      await apiData('/mascot/generate', { method: 'POST', body: { pose: custom.trim() } });
      setCustom('');
      reload();
    } catch (err) {
      setMsg(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="mascot-title">
      <h2 id="mascot-title">Mascot: {data?.name ?? MASCOT_NAME}</h2>
      <p className="small muted">{data?.description ?? MASCOT_DESCRIPTION}</p>
      <form className="row card" style={{ alignItems: 'end' }} onSubmit={(e) => void addCustom(e)}>
        <div className="field" style={{ flex: 1 }}>
          <label htmlFor="mascot-pose" className="small">
            Custom pose (2–40 characters)
          </label>
          <input id="mascot-pose" type="text" minLength={2} maxLength={40} value={custom} onChange={(e) => setCustom(e.target.value)} placeholder="waving hello" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || custom.trim().length < 2}>
          {busy ? 'Generating…' : 'Generate pose'}
        </button>
      </form>
      <div style={{ minHeight: '3.5rem' }}>{msg ? <p className="alert alert-error">{msg}</p> : null}</div>
      <LoadState loading={loading && !data} error={error}>
        <div className="grid grid-3">
          {(data?.poses ?? []).map((p) => (
            <ImageCard
              key={p.key}
              testId="mascot-pose"
              title={p.title}
              subtitle={<span className="mono">{p.key}</span>}
              initialImage={p.imageUrl}
              generate={{ path: '/mascot/generate', body: { pose: p.custom ? p.title : p.key } }}
            />
          ))}
        </div>
      </LoadState>
    </section>
  );
}
