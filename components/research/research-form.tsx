'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ApiClientError, apiData, describeError } from '@/lib/client/api';
import type { z } from 'zod';
import type { SubmitResultSchema } from '@/lib/research/schemas';
import { KNOWN_TERPENES } from '@/lib/strains/terpenes';

type SubmitResult = z.output<typeof SubmitResultSchema>;

const PRODUCT_TYPES = ['flower', 'preroll', 'concentrate', 'vape', 'edible', 'tincture', 'topical', 'unknown'];

export function ResearchForm() {
  const [name, setName] = useState('');
  const [thc, setThc] = useState('');
  const [cbd, setCbd] = useState('');
  const [productType, setProductType] = useState('');
  const [terps, setTerps] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SubmitResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    const metadata: Record<string, unknown> = {};
    const cannabinoids: Record<string, number> = {};
    if (thc !== '') cannabinoids.thc = Number(thc);
    if (cbd !== '') cannabinoids.cbd = Number(cbd);
    if (Object.keys(cannabinoids).length) metadata.cannabinoids = cannabinoids;
    if (productType) metadata.productType = productType;
    const terpenes = Object.entries(terps)
      .filter(([, v]) => v !== '' && Number(v) > 0)
      .map(([n, v]) => ({ name: n, percentage: Number(v) }));
    if (terpenes.length) metadata.terpenes = terpenes;
    try {
      const body: Record<string, unknown> = { strainName: name.trim(), source: 'website' };
      if (Object.keys(metadata).length) body.metadata = metadata;
      setResult(await apiData<SubmitResult>('/research/strains/submit', { method: 'POST', body }));
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'STRAIN_REJECTED') {
        const reason = (err.details as { reason?: string } | undefined)?.reason;
        setError(`That name was rejected${reason ? `: ${reason}` : ''}.`);
      } else setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="split">
      <form className="card" onSubmit={submit} aria-label="Strain submission">
        <div className="field">
          <label htmlFor="rs-name">Strain name</label>
          <input id="rs-name" type="text" required minLength={2} maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <div className="field" style={{ flex: 1 }}>
            <label htmlFor="rs-thc">THC %</label>
            <input id="rs-thc" type="number" min={0} max={100} step={0.1} value={thc} onChange={(e) => setThc(e.target.value)} />
          </div>
          <div className="field" style={{ flex: 1 }}>
            <label htmlFor="rs-cbd">CBD %</label>
            <input id="rs-cbd" type="number" min={0} max={100} step={0.1} value={cbd} onChange={(e) => setCbd(e.target.value)} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="rs-type">Product type</label>
          <select id="rs-type" value={productType} onChange={(e) => setProductType(e.target.value)}>
            <option value="">Not specified</option>
            {PRODUCT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <details>
          <summary className="label" style={{ cursor: 'pointer' }}>
            Terpenes from a lab report (optional)
          </summary>
          <div className="grid grid-2" style={{ marginTop: '0.5rem', gap: '0.5rem' }}>
            {KNOWN_TERPENES.slice(0, 8).map((t) => (
              <div key={t}>
                <label htmlFor={`rs-t-${t}`} className="small">
                  {t} %
                </label>
                <input id={`rs-t-${t}`} type="number" min={0} max={100} step={0.01} value={terps[t] ?? ''} onChange={(e) => setTerps((p) => ({ ...p, [t]: e.target.value }))} />
              </div>
            ))}
          </div>
        </details>
        <button type="submit" className="btn btn-primary" style={{ marginTop: '1rem' }} disabled={busy || name.trim().length < 2}>
          {busy ? 'Submitting…' : 'Submit for research'}
        </button>
      </form>
      <section className="card" aria-labelledby="rs-res" aria-live="polite" style={{ minHeight: 160 }}>
        <h2 id="rs-res">Status</h2>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        {result ? (
          <div data-testid="research-result" data-status={result.status}>
            <p className={result.status === 'queued' ? 'alert alert-ok' : 'alert alert-info'}>{result.message}</p>
            {result.strain ? (
              <p>
                Already in the catalog: <Link href={`/strains/${encodeURIComponent(result.strain.slug)}`}>{result.strain.name}</Link>
              </p>
            ) : null}
            {result.submissionId ? <p className="hint">Submission {result.submissionId}</p> : null}
          </div>
        ) : !error ? (
          <p className="muted">Submissions are limited to five per hour from one address.</p>
        ) : null}
      </section>
    </div>
  );
}
