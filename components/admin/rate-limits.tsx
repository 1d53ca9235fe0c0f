'use client';

import { useApi } from '@/lib/client/use-api';
import type { RateLimits } from '@/lib/ratelimit/schemas';
import { AdminPage, LoadState } from '@/components/admin/admin-page';

type Limits = RateLimits;

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
              <WindowTable label="Tier" windows={data.tiers} rowTestId="rate-tier" />
            </div>
            {data.apiKeys ? (
              <div className="card table-wrap">
                <h2>Per-API-key windows</h2>
                <WindowTable label="Key" windows={data.apiKeys} mono />
              </div>
            ) : null}
          </div>
        ) : null}
      </LoadState>
    </AdminPage>
  );
}

/** One table of named windows (tiers or per-key limits): name, requests, window. */
function WindowTable({
  label,
  windows,
  rowTestId,
  mono,
}: {
  label: string;
  windows: Record<string, { limit: number; windowSeconds: number }>;
  rowTestId?: string;
  mono?: boolean;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col" className="num">
            Requests
          </th>
          <th scope="col" className="num">
            Window
          </th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(windows).map(([k, v]) => (
          <tr key={k} data-testid={rowTestId}>
            <td className={mono ? 'mono' : undefined}>{k}</td>
            <td className="num">{v.limit}</td>
            <td className="num">{windowText(v.windowSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
