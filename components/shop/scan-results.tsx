import Link from 'next/link';
import type { Product as ScanProduct, ScanTaskOutput as ScanOutput } from '@/lib/shopping/schemas';

const TAG_LABEL: Record<string, string> = {
  favorite_in_stock: 'Favourite in stock',
  running_low: 'Running low',
  bought_before: 'Bought before',
  similar_to_favorite: 'Like a favourite',
  matches_preferences: 'Fits preferences',
  new_discovery: 'New for you',
  great_deal: 'Great deal',
};

function Tags({ tags }: { tags: string[] }) {
  if (!tags?.length) return <span className="muted">—</span>;
  return (
    <span className="chips">
      {tags.map((t) => (
        <span key={t} className={t === 'great_deal' ? 'badge badge-ok' : 'badge'}>
          {TAG_LABEL[t] ?? t}
        </span>
      ))}
    </span>
  );
}

function Match({ p }: { p: ScanProduct }) {
  if (!p.matched || !p.strainSlug) return <span className="badge badge-warn">unmatched</span>;
  return (
    <span>
      <Link href={`/strains/${encodeURIComponent(p.strainSlug)}`}>{p.strainName}</Link> <span className="muted small">({p.matchConfidence})</span>
    </span>
  );
}

/** Everything a finished scan returns: numbers, recommendations with reasons, the product table, discoveries, screenshot. */
export function ScanResults({ output }: { output: ScanOutput }) {
  const discoveries = output.discoveries ?? output.unmatchedProducts.map((p) => ({ rawName: p.rawName, category: p.category, price: p.price, queued: true }));
  return (
    <div className="stack" style={{ gap: '1rem' }} data-testid="scan-results">
      <div className="grid grid-4">
        <div className="card stat">
          <span className="stat-value" data-testid="products-count">
            {output.stats.productsCount}
          </span>
          <span className="stat-label">products found</span>
        </div>
        <div className="card stat">
          <span className="stat-value">{output.stats.matchedCount}</span>
          <span className="stat-label">matched to strains</span>
        </div>
        <div className="card stat">
          <span className="stat-value">{output.stats.unmatchedCount}</span>
          <span className="stat-label">discoveries</span>
        </div>
        <div className="card stat">
          <span className="stat-value">{output.recommendations.length}</span>
          <span className="stat-label">recommendations</span>
        </div>
      </div>

      <section className="card" aria-labelledby="recs-h">
        <h2 id="recs-h">Recommended for you</h2>
        {output.recommendations.length ? (
          <ol className="stack" style={{ paddingLeft: '1.2rem', margin: 0 }}>
            {[...output.recommendations]
              .sort((a, b) => a.rank - b.rank)
              .map((r) => (
                <li key={`${r.rank}-${r.product.rawName}`} data-testid="recommendation">
                  <strong>{r.product.displayName || r.product.rawName}</strong> <span className="muted small">{r.product.price ?? ''}</span>
                  <p className="small" style={{ margin: '0.15rem 0 0.25rem' }}>
                    {r.reason}
                  </p>
                  <Tags tags={r.product.tags} />
                </li>
              ))}
          </ol>
        ) : (
          <p className="muted">No recommendations for this menu.</p>
        )}
      </section>

      <section className="card" aria-labelledby="prod-h">
        <h2 id="prod-h">Menu products</h2>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col">Price</th>
                <th scope="col">Strain match</th>
                <th scope="col">Family</th>
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {output.products.map((p, i) => (
                <tr key={`${p.rawName}-${i}`} data-testid="product-row">
                  <td>{p.displayName || p.rawName}</td>
                  <td>{p.category}</td>
                  <td>{p.price ?? '—'}</td>
                  <td>
                    <Match p={p} />
                  </td>
                  <td>{p.highFamily ?? '—'}</td>
                  <td>
                    <Tags tags={p.tags} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid grid-2">
        <section className="card" aria-labelledby="disc-h">
          <h2 id="disc-h">Discoveries</h2>
          <p className="small muted">Products no strain matched; they are queued for research.</p>
          {discoveries.length ? (
            <ul className="small">
              {discoveries.map((d, i) => (
                <li key={`${d.rawName}-${i}`}>
                  {d.rawName}{' '}
                  <span className="muted">
                    · {d.category}
                    {d.price ? ` · ${d.price}` : ''}
                  </span>{' '}
                  {d.queued ? <span className="badge">queued</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Every product matched a known strain.</p>
          )}
        </section>
        <section className="card" aria-labelledby="shot-h">
          <h2 id="shot-h">Menu screenshot</h2>
          {output.screenshotUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a stored screenshot of arbitrary size, served by the API
            <img className="screenshot" src={output.screenshotUrl} alt={`Screenshot of the ${output.dispensaryName} menu as scanned`} />
          ) : (
            <p className="muted">No screenshot for this scan.</p>
          )}
        </section>
      </div>
      <p className="hint">
        {output.cached ? 'Cached result' : 'Fresh scan'} of {output.websiteDomain} at {new Date(output.scannedAt).toLocaleString()}; valid until{' '}
        {new Date(output.expiresAt).toLocaleTimeString()}.
      </p>
    </div>
  );
}
