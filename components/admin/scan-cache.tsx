'use client';

import { useState } from 'react';
import { useApi } from '@/lib/client/use-api';
import type { CacheListItem } from '@/lib/shopping/schemas';
import { AdminPage, LoadState, relativeTime } from '@/components/admin/admin-page';

type CacheEntry = CacheListItem;

export function ScanCache() {
  const { data, error, loading, reload } = useApi<CacheEntry[] | { entries: CacheEntry[] }>('/admin/scan-cache', { includeExpired: 'true', limit: 100 });
  const entries = Array.isArray(data) ? data : (data?.entries ?? []);
  // Expiry is judged against the time the page opened (a render must stay pure).
  const [now] = useState(() => Date.now());
  return (
    <AdminPage
      title="Scan cache"
      intro="Cached menu scans by domain and category set. An entry answers repeat scans until it expires (4 hours after the scan)."
      actions={
        <button type="button" className="btn" onClick={reload}>
          Refresh
        </button>
      }
    >
      <LoadState loading={loading && !data} error={error} empty={!loading && entries.length === 0}>
        <div className="card table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Domain</th>
                <th scope="col">Categories hash</th>
                <th scope="col" className="num">
                  Products
                </th>
                <th scope="col" className="num">
                  Matched
                </th>
                <th scope="col" className="num">
                  Unmatched
                </th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const expired = e.expired ?? Date.parse(e.expires_at) <= now;
                return (
                  <tr key={`${e.website_domain}-${e.categories_hash}`} data-testid="cache-row">
                    <td>{e.website_domain}</td>
                    <td className="mono">{e.categories_hash}</td>
                    <td className="num">{e.products_count}</td>
                    <td className="num">{e.matched_count}</td>
                    <td className="num">{e.unmatched_count}</td>
                    <td>
                      <span className={expired ? 'badge badge-fail' : 'badge badge-ok'}>{expired ? 'expired' : 'valid'}</span>{' '}
                      <span className="small muted">{relativeTime(e.expires_at, now)}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </LoadState>
    </AdminPage>
  );
}
