import type { Terpene } from '@/lib/strains/types';

/**
 * Bar chart of a terpene profile: one inline SVG bar per terpene between HTML label and value
 * cells, so the chart stretches to any width without its text scaling. Optional catalog
 * averages draw as a thin line under each bar. The whole figure is one labelled image.
 */
export function TerpeneChart({ terpenes, averages, title = 'Terpene profile' }: { terpenes: Terpene[]; averages?: Record<string, number> | null; title?: string }) {
  const rows = [...terpenes]
    .filter((t) => Number.isFinite(t.percentage))
    .sort((a, b) => b.percentage - a.percentage)
    .slice(0, 10);
  if (!rows.length) return <p className="muted">No terpene data recorded.</p>;
  const max = Math.max(...rows.map((r) => r.percentage), ...rows.map((r) => averages?.[r.name] ?? 0), 0.01);
  const summary = `${title}: ${rows.map((r) => `${r.name} ${r.percentage}%${averages?.[r.name] != null ? ` (catalog average ${averages[r.name]}%)` : ''}`).join(', ')}`;
  return (
    <figure style={{ margin: 0 }} className="chart" data-testid="terpene-chart">
      <div className="bars" role="img" aria-label={summary}>
        {rows.map((r) => {
          const avg = averages?.[r.name];
          return (
            <div key={r.name} style={{ display: 'contents' }}>
              <span className="bar-label" aria-hidden="true">
                {r.name}
              </span>
              <svg aria-hidden="true" preserveAspectRatio="none">
                <rect className="track" x="0" y="2" width="100%" height="12" rx="3" />
                <rect className="bar" x="0" y="2" width={`${Math.max(1, (r.percentage / max) * 100)}%`} height="12" rx="3" />
                {avg != null ? <rect className="bar-avg" x="0" y="16" width={`${Math.max(1, (avg / max) * 100)}%`} height="3" rx="1.5" /> : null}
              </svg>
              <span className="bar-value" aria-hidden="true">
                {r.percentage.toFixed(2)}%
              </span>
            </div>
          );
        })}
      </div>
      {averages ? (
        <figcaption className="hint" style={{ marginTop: '0.5rem' }}>
          Thin line: catalog average for the same terpene.
        </figcaption>
      ) : null}
    </figure>
  );
}
