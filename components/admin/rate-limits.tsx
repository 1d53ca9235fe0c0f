'use client';

import { useApi } from '@/lib/client/use-api';
import { AdminPage, LoadState } from './admin-page';

interface Limits {
  enabled: boolean;
  store: string;
  tiers: Record<string, { limit: number; windowSeconds: number }>;
  apiKeys?: Record<string, { limit: number; windowSeconds: number }>;
}

function windowText(s: number): string {
  return s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`;
}

export function RateLimits() {
  const { data, error, loading } = useApi<Limits>('/admin/rate-limits');
  return (
    <AdminPage title="Rate limits" intro="The limits in force on this instance (read-only; configured through the environment).">
      <LoadState loading={loading} error={error}>
        {data ? (
          <div className="stack">
            <div className="row">
              <span className={data.enabled ? 'badge badge-ok' : 'badge badge-warn'}>{data.enabled ? 'enabled' : 'disabled'}</span>
              <span className="badge">store: {data.store}</span>
            </div>
            <div className="card table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Tier</th>
                    <th scope="col" className="num">Requests</th>
                    <th scope="col" className="num">Window</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(data.tiers).map(([k, v]) => (
                    <tr key={k} data-testid="rate-tier">
                      <td>{k}</td>
                      <td className="num">{v.limit}</td>
                      <td className="num">{windowText(v.windowSeconds)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.apiKeys ? (
              <div className="card table-wrap">
                <h2>Per-API-key windows</h2>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Key</th>
                      <th scope="col" className="num">Requests</th>
                      <th scope="col" className="num">Window</th>
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(data.apiKeys).map(([k, v]) => (
                      <tr key={k}>
                        <td className="mono">{k}</td>
                        <td className="num">{v.limit}</td>
                        <td className="num">{windowText(v.windowSeconds)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ) : null}
      </LoadState>
    </AdminPage>
  );
}
