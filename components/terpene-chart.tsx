import type { Terpene } from '@/lib/client/types';

/**
 * Horizontal bar chart of a terpene profile as inline SVG (no chart library). Optional catalog
 * averages draw as a thin grey bar under each terpene for comparison.
 */
export function TerpeneChart({ terpenes, averages, title = 'Terpene profile' }: { terpenes: Terpene[]; averages?: Record<string, number> | null; title?: string }) {
  const rows = [...terpenes].filter((t) => Number.isFinite(t.percentage)).sort((a, b) => b.percentage - a.percentage).slice(0, 10);
  if (!rows.length) return <p className="muted">No terpene data recorded for this strain.</p>;
  const max = Math.max(...rows.map((r) => r.percentage), ...rows.map((r) => averages?.[r.name] ?? 0), 0.01);
  const rowH = 30;
  const labelW = 120;
  const barW = 300;
  const width = labelW + barW + 70;
  const height = rows.length * rowH + 8;
  const titleId = `terp-${rows.map((r) => r.name).join('-').replace(/[^a-z0-9-]/gi, '')}`;
  return (
    <figure style={{ margin: 0 }}>
      <svg className="chart" viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-labelledby={titleId} style={{ maxWidth: width }}>
        <title id={titleId}>{`${title}: ${rows.map((r) => `${r.name} ${r.percentage}%`).join(', ')}`}</title>
        {rows.map((r, i) => {
          const y = i * rowH + 4;
          const w = Math.max(2, (r.percentage / max) * barW);
          const avg = averages?.[r.name];
          return (
            <g key={r.name}>
              <text x={labelW - 8} y={y + 15} textAnchor="end">
                {r.name}
              </text>
              <rect className="bar" x={labelW} y={y + 3} width={w} height={14} rx={3} />
              {avg != null ? <rect className="bar-avg" x={labelW} y={y + 19} width={Math.max(2, (avg / max) * barW)} height={4} rx={2} /> : null}
              <text className="value" x={labelW + w + 6} y={y + 15}>
                {r.percentage.toFixed(2)}%
              </text>
            </g>
          );
        })}
      </svg>
      {averages ? <figcaption className="hint">Grey line: catalog average for the same terpene.</figcaption> : null}
    </figure>
  );
}
