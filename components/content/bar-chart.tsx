/** A small horizontal bar chart (same markup as the terpene chart): one labelled image. */
export function BarChart({ rows, unit, title, testId }: { rows: { label: string; value: number }[]; unit: (v: number) => string; title: string; testId?: string }) {
  if (!rows.length) return <p className="muted">No data yet.</p>;
  const max = Math.max(...rows.map((r) => r.value), 0.01);
  const summary = `${title}: ${rows.map((r) => `${r.label} ${unit(r.value)}`).join(', ')}`;
  return (
    <figure style={{ margin: 0 }} className="chart" data-testid={testId}>
      <div className="bars" role="img" aria-label={summary}>
        {rows.map((r) => (
          <div key={r.label} style={{ display: 'contents' }}>
            <span className="bar-label" aria-hidden="true">
              {r.label}
            </span>
            <svg aria-hidden="true" preserveAspectRatio="none">
              <rect className="track" x="0" y="2" width="100%" height="12" rx="3" />
              <rect className="bar" x="0" y="2" width={`${Math.max(1, (r.value / max) * 100)}%`} height="12" rx="3" />
            </svg>
            <span className="bar-value" aria-hidden="true">
              {unit(r.value)}
            </span>
          </div>
        ))}
      </div>
    </figure>
  );
}
