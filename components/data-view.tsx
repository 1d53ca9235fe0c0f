import type { ReactNode } from 'react';

/** 'weightedPercentage' → 'Weighted percentage'. */
export function humanize(key: string): string {
  const s = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function scalar(v: unknown): ReactNode {
  if (v === null || v === undefined) return <span className="muted">—</span>;
  if (typeof v === 'number') return Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

const isScalar = (v: unknown) => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);

type Flat = Record<string, unknown>;
const isFlatObject = (v: unknown): v is Flat =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar)));

/** Lists of flat records (effects with scores, terpenes with shares) read best as a table. */
function isTable(v: unknown[]): boolean {
  if (v.length === 0 || !v.every(isFlatObject)) return false;
  const keys = new Set(v.flatMap((o) => Object.keys(o as Flat)));
  return keys.size <= 6;
}

function DataTable({ rows }: { rows: Flat[] }) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c} scope="col">
                {humanize(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {cols.map((c) => (
                <td key={c} className={typeof r[c] === 'number' ? 'num' : undefined}>
                  {Array.isArray(r[c]) ? (r[c] as unknown[]).map((x) => String(x)).join(', ') : scalar(r[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Readable rendering of any structured section data (which also arrives partially while it
 * streams): prose fields as paragraphs, scalar lists as chips, objects as definition lists.
 */
export function DataView({ value, depth = 0 }: { value: unknown; depth?: number }): ReactNode {
  if (isScalar(value)) return <span>{scalar(value)}</span>;
  if (Array.isArray(value)) {
    if (value.every(isScalar)) {
      return (
        <div className="chips">
          {value.map((v, i) => (
            <span className="chip" key={i}>
              {scalar(v)}
            </span>
          ))}
        </div>
      );
    }
    if (isTable(value)) return <DataTable rows={value as Record<string, unknown>[]} />;
    return (
      <ul style={{ paddingLeft: '1.1rem', margin: '0.25rem 0' }}>
        {value.map((v, i) => (
          <li key={i} style={{ marginBottom: '0.35rem' }}>
            <DataView value={v} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const prose = depth === 0 ? entries.filter(([, v]) => typeof v === 'string' && v.length > 60) : [];
  const rest = entries.filter((e) => !prose.includes(e));
  return (
    <div>
      {prose.map(([k, v]) => (
        <p key={k}>
          <strong>{humanize(k)}.</strong> {String(v)}
        </p>
      ))}
      {rest.length ? (
        <dl className="kv">
          {rest.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{humanize(k)}</dt>
              <dd>
                <DataView value={v} depth={depth + 1} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
