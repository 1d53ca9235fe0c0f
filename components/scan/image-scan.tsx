'use client';

import { useState, type FormEvent } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { imageForApi, newAttemptId } from '@/lib/client/image-file';
import { getUserSession } from '@/lib/client/session';
import { LabelResult, ReceiptResult, type LabelData, type ReceiptData } from '@/components/scan/scan-results';

type Kind = 'receipt' | 'label';

export function ImageScan() {
  const [kind, setKind] = useState<Kind>('receipt');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [dispensary, setDispensary] = useState('');
  const [orderDate, setOrderDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: 'receipt'; data: ReceiptData } | { kind: 'label'; data: LabelData } | null>(null);
  const [attemptId, setAttemptId] = useState<string>('');

  async function choose(f: File | null) {
    setFile(f);
    setResult(null);
    setError(null);
    setAttemptId(newAttemptId());
    setPreview(f ? URL.createObjectURL(f) : null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError('Choose or take a photo first.');
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const [{ imageBase64, mediaType }, session] = await Promise.all([imageForApi(file), getUserSession()]);
      if (kind === 'receipt') {
        const body: Record<string, unknown> = { attemptId, imageBase64, mediaType };
        if (dispensary.trim()) body.dispensaryName = dispensary.trim();
        if (orderDate) body.orderDate = orderDate;
        setResult({ kind, data: await apiData<ReceiptData>('/receipts/parse-image', { method: 'POST', body, token: session.token }) });
      } else {
        setResult({ kind, data: await apiData<LabelData>('/scanner/analyze-label', { method: 'POST', body: { imageBase64, mediaType }, token: session.token }) });
      }
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="split">
      <form className="card" onSubmit={submit} aria-label="Image scan">
        <fieldset>
          <legend>What is in the photo?</legend>
          <div className="row">
            <label className="check">
              <input type="radio" name="kind" value="receipt" checked={kind === 'receipt'} onChange={() => (setKind('receipt'), setResult(null))} /> Receipt
            </label>
            <label className="check">
              <input type="radio" name="kind" value="label" checked={kind === 'label'} onChange={() => (setKind('label'), setResult(null))} /> Product label
            </label>
          </div>
        </fieldset>
        <div className="field dropzone">
          <label htmlFor="scan-file">Photo</label>
          <input id="scan-file" type="file" accept="image/*" capture="environment" onChange={(e) => void choose(e.target.files?.[0] ?? null)} aria-describedby="scan-file-hint" />
          <p className="hint" id="scan-file-hint">
            JPEG, PNG or WebP; other formats and very large photos are converted in your browser first.
          </p>
        </div>
        {kind === 'receipt' ? (
          <>
            <div className="field">
              <label htmlFor="scan-disp">Dispensary (optional)</label>
              <input id="scan-disp" type="text" maxLength={200} value={dispensary} onChange={(e) => setDispensary(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="scan-date">Order date (optional)</label>
              <input id="scan-date" type="date" value={orderDate} onChange={(e) => setOrderDate(e.target.value)} />
            </div>
          </>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy || !file}>
          {busy ? 'Reading…' : kind === 'receipt' ? 'Parse receipt' : 'Analyse label'}
        </button>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <div className="stack" style={{ gap: '1rem' }}>
        <section className="card" aria-labelledby="scan-prev-h" style={{ minHeight: 220 }}>
          <h2 id="scan-prev-h">Preview</h2>
          {preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local object URL of the user's own photo
            <img src={preview} alt={`Selected ${kind} photo`} style={{ maxWidth: '100%', maxHeight: 360, borderRadius: 8, display: 'block' }} />
          ) : (
            <p className="muted">No photo chosen yet.</p>
          )}
        </section>
        <section className="card" aria-labelledby="scan-res-h" aria-busy={busy} style={{ minHeight: 200 }} data-testid="scan-result">
          <h2 id="scan-res-h">Result</h2>
          {busy ? <p className="muted">Reading the image — offline OCR can take a few seconds…</p> : null}
          {!busy && !result ? <p className="muted">The parsed result appears here.</p> : null}
          {result?.kind === 'receipt' ? <ReceiptResult data={result.data} /> : null}
          {result?.kind === 'label' ? <LabelResult data={result.data} /> : null}
        </section>
      </div>
    </div>
  );
}
