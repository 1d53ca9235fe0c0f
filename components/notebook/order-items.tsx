'use client';

import type { Strain } from '@/lib/strains/types';
import { StrainPicker } from '@/components/strain-picker';

export interface OrderRow {
  id: number;
  strainName: string;
  grams: string;
  price: string;
  strain: Strain | null;
}

/** The request's order item for a row: catalog data rides along so sections have terpenes and potency. */
export function toOrderItem(r: OrderRow) {
  const s = r.strain && r.strain.name === r.strainName ? r.strain : null;
  const item: Record<string, unknown> = { strainName: r.strainName.trim(), grams: Number(r.grams) };
  if (r.price !== '' && Number.isFinite(Number(r.price))) item.price = Number(r.price);
  if (s) {
    if (s.thc != null) item.thcPct = s.thc;
    if (s.cbd != null) item.cbdPct = s.cbd;
    if (s.type) item.type = s.type;
    if (s.terpenes?.length) item.terpenes = s.terpenes.slice(0, 30);
    if (s.effects?.length) item.effects = s.effects.slice(0, 30);
    if (s.aromas?.length) item.aromas = s.aromas.slice(0, 30);
  }
  return item as { strainName: string; grams: number; price?: number; thcPct?: number; cbdPct?: number; type?: string; terpenes?: { name: string; percentage: number }[] };
}

export function rowIsValid(r: OrderRow): boolean {
  return r.strainName.trim().length > 0 && Number(r.grams) > 0;
}

export function OrderItems({ rows, onChange }: { rows: OrderRow[]; onChange: (rows: OrderRow[]) => void }) {
  const patch = (id: number, p: Partial<OrderRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...p } : r)));
  return (
    <div className="stack">
      {rows.map((r, i) => (
        <fieldset key={r.id} data-testid="order-row">
          <legend>Item {i + 1}</legend>
          <StrainPicker label="Strain" value={r.strainName} onText={(v) => patch(r.id, { strainName: v })} onPick={(s) => patch(r.id, { strainName: s.name, strain: s })} />
          <div className="row" style={{ marginTop: '0.6rem', flexWrap: 'nowrap', alignItems: 'end' }}>
            <div style={{ flex: 1 }}>
              <label htmlFor={`grams-${r.id}`}>Grams</label>
              <input id={`grams-${r.id}`} type="number" min={0.1} step={0.1} inputMode="decimal" value={r.grams} onChange={(e) => patch(r.id, { grams: e.target.value })} />
            </div>
            <div style={{ flex: 1 }}>
              <label htmlFor={`price-${r.id}`}>Price ($)</label>
              <input id={`price-${r.id}`} type="number" min={0} step={0.01} inputMode="decimal" value={r.price} onChange={(e) => patch(r.id, { price: e.target.value })} />
            </div>
            <button
              type="button"
              className="btn btn-small btn-danger"
              aria-label={`Remove item ${i + 1}`}
              disabled={rows.length === 1}
              onClick={() => onChange(rows.filter((x) => x.id !== r.id))}
            >
              Remove
            </button>
          </div>
          {r.strain && r.strain.name === r.strainName ? (
            <p className="hint">
              From the catalog: {r.strain.type ?? 'type unknown'}
              {r.strain.thc != null ? `, THC ${r.strain.thc}%` : ''}
              {r.strain.terpenes?.length ? `, ${r.strain.terpenes.length} terpenes` : ''}
            </p>
          ) : null}
        </fieldset>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() => onChange([...rows, { id: Math.max(0, ...rows.map((r) => r.id)) + 1, strainName: '', grams: '3.5', price: '', strain: null }])}
      >
        + Add item
      </button>
    </div>
  );
}
