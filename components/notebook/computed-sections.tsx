'use client';

import { potencyChart, spendSummary, terpeneChart, typeDistribution, type ComputedItem } from '@/lib/notebooks/computed';
import type { ReactNode } from 'react';
import { TerpeneChart } from '@/components/terpene-chart';

const money = (n: number | null) => (n === null ? '—' : `$${n.toFixed(2)}`);

/** The four computed sections, drawn from the order with the notebook module's own pure functions. */
export function ComputedSection({ sectionKey, items, totalSpent }: { sectionKey: string; items: ComputedItem[]; totalSpent?: number }) {
  if (!items.length) return <p className="muted">Add an item to see this chart.</p>;
  if (sectionKey === 'spend_summary') {
    const s = spendSummary(items, { totalSpent });
    return (
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Spend by item</caption>
          <thead>
            <tr>
              <th scope="col">Strain</th>
              <th scope="col" className="num">
                Grams
              </th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                $/g
              </th>
            </tr>
          </thead>
          <tbody>
            {s.items.map((r, i) => (
              <tr key={i}>
                <td>{r.strainName}</td>
                <td className="num">{r.grams}</td>
                <td className="num">{money(r.price)}</td>
                <td className="num">{money(r.pricePerGram)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{s.totalGrams}</td>
              <td className="num">{money(s.totalSpent)}</td>
              <td className="num">{money(s.averagePricePerGram)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }
  if (sectionKey === 'terpene_chart') {
    const t = terpeneChart(items);
    if (!t.terpenes.length) return <p className="muted">None of these items carries terpene data; pick strains from the catalog.</p>;
    return <TerpeneChart title="Order terpene profile (gram-weighted)" terpenes={t.terpenes.map((x) => ({ name: x.name, percentage: x.weightedPercentage }))} />;
  }
  if (sectionKey === 'potency_chart') {
    const p = potencyChart(items);
    const max = Math.max(1, ...p.items.map((i) => i.thcPct ?? 0));
    return (
      <div className="stack" style={{ gap: '0.4rem' }}>
        {p.items.map((i, idx) => (
          <div key={idx}>
            <div className="row small" style={{ justifyContent: 'space-between' }}>
              <span>{i.strainName}</span>
              <span className="muted">{i.thcPct != null ? `THC ${i.thcPct}% · ${i.thcMg} mg` : 'THC unknown'}</span>
            </div>
            <div className="progress" aria-hidden="true">
              <span style={{ width: `${((i.thcPct ?? 0) / max) * 100}%` }} />
            </div>
          </div>
        ))}
        <p className="small muted">
          Weighted average THC {p.thc.weightedAverage ?? '—'}% · total {p.totalThcMg ?? '—'} mg THC
        </p>
      </div>
    );
  }
  if (sectionKey === 'type_distribution') {
    const d = typeDistribution(items);
    const colors: Record<string, string> = { indica: 'var(--indica)', sativa: 'var(--sativa)', hybrid: 'var(--hybrid)', unknown: 'var(--border)' };
    return (
      <div>
        <svg
          viewBox="0 0 100 8"
          width="100%"
          height="24"
          preserveAspectRatio="none"
          role="img"
          aria-label={`Type distribution: ${d.types.map((t) => `${t.type} ${t.share}%`).join(', ')}`}
        >
          {
            d.types.reduce<{ x: number; els: ReactNode[] }>(
              (acc, t) => {
                acc.els.push(<rect key={t.type} x={acc.x} y={0} width={t.share} height={8} fill={colors[t.type]} />);
                acc.x += t.share;
                return acc;
              },
              { x: 0, els: [] },
            ).els
          }
        </svg>
        <ul className="chips" style={{ listStyle: 'none', padding: 0, marginTop: '0.5rem' }}>
          {d.types.map((t) => (
            <li key={t.type} className="chip">
              <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: colors[t.type], marginRight: 6 }} />
              {t.type}: {t.share}% ({t.grams} g)
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return null;
}
