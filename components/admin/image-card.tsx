'use client';

import { useState, type ReactNode } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { DataView } from '@/components/data-view';
import { findImageUrl } from '@/components/admin/admin-page';

/**
 * One blog post or landing card with its image: optional prompt preview, generate, and the
 * result shown in place (fixed aspect ratio, so the card does not grow when the image arrives).
 */
export function ImageCard({
  title,
  subtitle,
  initialImage,
  preview,
  generate,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  initialImage: string | null;
  preview?: { path: string; query: Record<string, string> };
  generate: { path: string; body: Record<string, unknown> };
  testId?: string;
}) {
  const [image, setImage] = useState<string | null>(initialImage);
  const [prompt, setPrompt] = useState<unknown>(null);
  const [busy, setBusy] = useState<'preview' | 'generate' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(kind: 'preview' | 'generate') {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'preview' && preview) setPrompt(await apiData<unknown>(preview.path, { query: preview.query }));
      else {
        const r = await apiData<unknown>(generate.path, { method: 'POST', body: generate.body });
        const url = findImageUrl(r);
        if (url) setImage(`${url}${url.includes('?') ? '&' : '?'}v=${Date.now()}`);
        else setPrompt(r);
      }
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(null);
    }
  }

  const promptText = prompt && typeof prompt === 'object' && typeof (prompt as { prompt?: unknown }).prompt === 'string' ? (prompt as { prompt: string }).prompt : null;
  return (
    <article className="card" data-testid={testId}>
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element -- generated images come from the API's file route at any size
        <img className="preview-img" src={image} alt={`Generated image for ${title}`} />
      ) : (
        <div className="preview-img" role="img" aria-label={`No image yet for ${title}`} style={{ display: 'grid', placeItems: 'center' }}>
          <span className="muted small">No image yet</span>
        </div>
      )}
      <h3 style={{ marginTop: '0.75rem' }}>{title}</h3>
      {subtitle ? <div className="small muted">{subtitle}</div> : null}
      <div className="row" style={{ marginTop: '0.75rem' }}>
        {preview ? (
          <button type="button" className="btn btn-small" disabled={busy !== null} onClick={() => void run('preview')}>
            {busy === 'preview' ? 'Loading…' : 'Preview prompt'}
          </button>
        ) : null}
        <button type="button" className="btn btn-small btn-primary" disabled={busy !== null} onClick={() => void run('generate')}>
          {busy === 'generate' ? 'Generating…' : image ? 'Regenerate image' : 'Generate image'}
        </button>
      </div>
      {error ? <p className="alert alert-error">{error}</p> : null}
      {promptText ? (
        <pre className="json">{promptText}</pre>
      ) : prompt ? (
        <div className="small" style={{ marginTop: '0.5rem' }}>
          <DataView value={prompt} depth={1} />
        </div>
      ) : null}
    </article>
  );
}
