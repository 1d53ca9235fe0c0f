'use client';

import Link from 'next/link';
import { useApi } from '@/lib/client/use-api';
import { DataView } from '@/components/data-view';
import { StatsPanel } from '@/components/stats-panel';
import { AdminPage, LoadState } from '@/components/admin/admin-page';

export function AdminOverview() {
  const stats = useApi<Record<string, unknown>>('/strains/stats/count');
  const research = useApi<unknown[]>('/admin/research', { limit: 1 });
  const runs = useApi<unknown[]>('/admin/runs', { limit: 100 });
  const counts = (research.meta.counts ?? null) as Record<string, number> | null;
  const runList = (Array.isArray(runs.data) ? runs.data : ((runs.data as { runs?: unknown[] } | null)?.runs ?? [])) as Array<{ status: string }>;
  const failed = runList.filter((r) => r.status === 'FAILED' || r.status === 'TIMED_OUT').length;
  return (
    <AdminPage title="Overview" intro="The catalog, the research queue and background work at a glance.">
      <StatsPanel />
      <div className="grid grid-3" style={{ marginTop: '1rem' }}>
        <Link className="card card-link" href="/admin/research">
          <h2>Research queue</h2>
          <p className="stat-value">{counts ? (counts.pending_review ?? 0) : '—'}</p>
          <p className="muted small">drafts waiting for review{counts ? ` · ${counts.pending ?? 0} queued · ${counts.researching ?? 0} researching` : ''}</p>
        </Link>
        <Link className="card card-link" href="/admin/runs">
          <h2>Recent runs</h2>
          <p className="stat-value">{runs.loading ? '—' : runList.length}</p>
          <p className="muted small">{failed} failed or timed out</p>
        </Link>
        <Link className="card card-link" href="/admin/rate-limits">
          <h2>Rate limits</h2>
          <p className="muted small" style={{ marginTop: '0.5rem' }}>
            Tiers, windows and the active store.
          </p>
        </Link>
      </div>
      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby="cat-h">
        <h2 id="cat-h">Catalog statistics</h2>
        <LoadState loading={stats.loading} error={stats.error}>
          <DataView value={stats.data} />
        </LoadState>
      </section>
    </AdminPage>
  );
}
