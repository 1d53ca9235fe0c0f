import Link from 'next/link';

// The response schemas of the receipt and label routes are the types this page reads.
import type { LabelData, ReceiptData, StrainRef } from '@/lib/vision/types';

export type { LabelData, ReceiptData };
type MatchedStrain = NonNullable<StrainRef>;

const money = (n: number | null | undefined) => (n == null ? '—' : `$${n.toFixed(2)}`);
const pct = (n: number | null | undefined) => (n == null ? '—' : `${n}%`);

function StrainLink({ s }: { s: MatchedStrain | null }) {
  if (!s) return <span className="badge badge-warn">no match</span>;
  return (
    <span>
      <Link href={`/strains/${encodeURIComponent(s.slug)}`}>{s.name}</Link> {s.matchConfidence ? <span className="muted small">({s.matchConfidence})</span> : null}
    </span>
  );
}

export function ReceiptResult({ data }: { data: ReceiptData }) {
  return (
    <div data-testid="receipt-result">
      <dl className="kv" style={{ marginBottom: '0.75rem' }}>
        <dt>Dispensary</dt>
        <dd>{data.dispensaryName ?? '—'}</dd>
        <dt>Date</dt>
        <dd>{data.orderDate ?? '—'}</dd>
        <dt>Read by</dt>
        <dd>
          {data.engine} · confidence {Math.round((data.confidence ?? 0) * 100)}%
        </dd>
      </dl>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Grams
              </th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col">Strain</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((it, i) => (
              <tr key={i} data-testid="receipt-item">
                <td>
                  {it.productName}
                  <div className="muted small">
                    {[it.category, it.type, it.thcPct != null ? `THC ${it.thcPct}%` : null, it.cbdPct != null ? `CBD ${it.cbdPct}%` : null].filter(Boolean).join(' · ')}
                  </div>
                </td>
                <td className="num">{it.grams ?? '—'}</td>
                <td className="num">{money(it.price)}</td>
                <td>
                  <StrainLink s={it.strain} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Subtotal / tax / total
              </th>
              <td className="num" colSpan={2}>
                {money(data.subtotal)} / {money(data.tax)} / <strong>{money(data.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {!data.items.length ? <p className="muted">No cannabis products were found on this receipt.</p> : null}
    </div>
  );
}

export function LabelResult({ data }: { data: LabelData }) {
  return (
    <div data-testid="label-result">
      <dl className="kv">
        <dt>Product</dt>
        <dd>{data.productName ?? '—'}</dd>
        <dt>Strain</dt>
        <dd>
          {data.strainName ?? '—'} <StrainLink s={data.strain} />
        </dd>
        <dt>Brand</dt>
        <dd>{data.brand ?? '—'}</dd>
        <dt>Category</dt>
        <dd>{data.category ?? '—'}</dd>
        <dt>THC / CBD</dt>
        <dd>
          {pct(data.thcPct)} / {pct(data.cbdPct)}
        </dd>
        <dt>Total cannabinoids</dt>
        <dd>{pct(data.totalCannabinoidsPct)}</dd>
        <dt>Harvested / tested / packaged</dt>
        <dd>
          {data.harvestDate ?? '—'} / {data.testDate ?? '—'} / {data.packageDate ?? '—'}
        </dd>
        <dt>Net weight</dt>
        <dd>{data.netWeightGrams != null ? `${data.netWeightGrams} g` : '—'}</dd>
        <dt>Batch / lab</dt>
        <dd>
          {data.batchNumber ?? '—'} / {data.labName ?? '—'}
        </dd>
        <dt>Terpenes</dt>
        <dd>{data.terpenes?.length ? data.terpenes.map((t) => `${t.name} ${t.percentage}%`).join(', ') : '—'}</dd>
        <dt>Read by</dt>
        <dd>
          {data.engine} · confidence {Math.round((data.confidence ?? 0) * 100)}%
        </dd>
      </dl>
    </div>
  );
}
