'use client';

import { useState, type FormEvent } from 'react';
import { useMenuScan } from '@/lib/client/use-menu-scan';
import { ScanProgress } from '@/components/shop/scan-progress';
import { ScanResults } from '@/components/shop/scan-results';

const CATEGORIES = ['Flower', 'Pre-Roll', 'Vape', 'Concentrate', 'Edible'];

export function MenuScan() {
  const { state, start } = useMenuScan();
  const [name, setName] = useState('');
  const [urls, setUrls] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const [forceRefresh, setForceRefresh] = useState(false);
  const [useInteract, setUseInteract] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const busy = state.phase === 'requesting' || state.phase === 'running';

  function submit(e: FormEvent) {
    e.preventDefault();
    const menuUrls = urls
      .split(/\s+/)
      .map((u) => u.trim())
      .filter(Boolean);
    const bad = menuUrls.find((u) => !/^https?:\/\//i.test(u));
    if (!name.trim()) return setFormError('Enter the dispensary name.');
    if (!menuUrls.length) return setFormError('Enter at least one menu URL.');
    if (bad) return setFormError(`Not an http(s) URL: ${bad}`);
    setFormError(null);
    void start({ dispensaryName: name.trim(), menuUrls, categories: categories.length ? categories : undefined, forceRefresh, useInteract });
  }

  return (
    <div className="split">
      <form className="card" onSubmit={submit} aria-label="Menu scan" noValidate>
        <div className="field">
          <label htmlFor="shop-name">Dispensary name</label>
          <input id="shop-name" type="text" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required />
        </div>
        <div className="field">
          <label htmlFor="shop-urls">Menu URLs</label>
          <textarea
            id="shop-urls"
            value={urls}
            onChange={(e) => setUrls(e.target.value)}
            placeholder="https://example-dispensary.com/menu"
            aria-describedby="shop-urls-hint"
            required
          />
          <p className="hint" id="shop-urls-hint">
            One per line. The domain of the first URL identifies the dispensary for caching.
          </p>
        </div>
        <fieldset>
          <legend>Categories (optional)</legend>
          <div className="row">
            {CATEGORIES.map((c) => (
              <label key={c} className="check">
                <input
                  type="checkbox"
                  checked={categories.includes(c)}
                  onChange={(e) => setCategories((prev) => (e.target.checked ? [...prev, c] : prev.filter((x) => x !== c)))}
                />
                {c}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="stack" style={{ gap: '0.4rem', marginBottom: '1rem' }}>
          <label className="check">
            <input type="checkbox" checked={forceRefresh} onChange={(e) => setForceRefresh(e.target.checked)} /> Ignore the cache (force a fresh scan)
          </label>
          <label className="check">
            <input type="checkbox" checked={useInteract} onChange={(e) => setUseInteract(e.target.checked)} /> Drive the page in a browser (age gates, embedded menus)
          </label>
        </div>
        {formError ? (
          <p className="alert alert-error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Scanning…' : 'Scan menu'}
        </button>
      </form>
      <div className="stack" style={{ gap: '1rem' }}>
        <ScanProgress state={state} />
        {state.output && state.output.success !== false ? <ScanResults output={state.output} /> : null}
      </div>
    </div>
  );
}
