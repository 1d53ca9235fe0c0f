import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MON, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { rasterize } from '@/tests/fixtures/vision/render';
import {
  FOURTH_HELD_OUT_RECEIPT_LAYOUTS,
  FIFTH_HELD_OUT_RECEIPT_LAYOUTS,
  ES_CATEGORY,
  frMoney,
  EIGHTH_HELD_OUT_RECEIPT_LAYOUTS,
  SEVENTH_HELD_OUT_RECEIPT_LAYOUTS,
  SIXTH_HELD_OUT_RECEIPT_LAYOUTS,
  RECEIPT_LAYOUTS,
  receiptStyle,
  receiptSvg,
  receiptTruth,
  TAX_INCLUDED,
  type ReceiptLayout,
  type ReceiptTruth,
} from '@/tests/fixtures/vision/receipts';

/**
 * The fourth- to eighth-round held-out receipt layouts are drawn and their truth is consistent with what the
 * page prints (no OCR: these layouts stay out of every tuning decision until their blind run).
 */

interface TextRun {
  x: number;
  y: number;
  size: number;
  bold: boolean;
  mono: boolean;
  anchor: string;
  text: string;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function runsOf(svg: string): TextRun[] {
  const out: TextRun[] = [];
  for (const m of svg.matchAll(/<text ([^>]*)>(.*?)<\/text>/g)) {
    const attr = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(m[1])?.[1] ?? '';
    out.push({
      x: Number(attr('x')),
      y: Number(attr('y')),
      size: Number(attr('font-size')),
      bold: attr('font-weight') === 'bold',
      mono: attr('font-family').endsWith('Mono'),
      anchor: attr('text-anchor'),
      text: unescape(m[2]),
    });
  }
  return out;
}

/** A generous width estimate of a run (capitals and digits wider than lower case). */
function extent(r: TextRun): [number, number] {
  let w = 0;
  for (const ch of r.text) w += (r.mono ? 0.61 : /[A-Z0-9$%@#]/.test(ch) ? 0.68 : ch === ' ' ? 0.32 : 0.56) * r.size;
  if (r.bold) w *= 1.08;
  if (r.anchor === 'end') return [r.x - w, r.x];
  if (r.anchor === 'middle') return [r.x - w / 2, r.x + w / 2];
  return [r.x, r.x + w];
}

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (layout === 'wt-column') return `${MON[m - 1]} ${d}, ${y}`;
  if (layout === 'pkg-tax-incl') return `${String(d).padStart(2, '0')}-${MON[m - 1]}-${y}`;
  if (layout === 'sku-batch-flags') return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y} `;
  if (layout === 'med-allotment') return `Date dispensed: ${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y} `;
  if (layout === 'fr-ca-comma') return `Date : ${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}  `;
  if (layout === 'price-below') return `Pickup order · ${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}, `;
  if (layout === 'disc-column') return `Date: ${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}  Time: `;
  if (layout === 'html-card')
    return `${new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`;
  if (layout === 'brand-groups') return `Sold: ${d} ${MON[m - 1]} ${y} `;
  if (layout === 'excise-lines') return `${iso} `;
  if (layout === 'metrc-tag-pos') return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y} `;
  if (layout === 'size-tax-cols') return `${MON[m - 1]} ${d} ${y}  `;
  if (layout === 'es-pr-crease') return `Fecha: ${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}  `;
  if (layout === 'delivery-grid') return `${new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${d}, ${y} at `;
  return `${m}/${d}/${String(y).slice(2)}`;
}

const seeds = (layout: ReceiptLayout) => layoutSeeds(layout, 12);

function draw(layout: ReceiptLayout, seed: number): { t: ReceiptTruth; svg: string; text: string; runs: TextRun[]; width: number; upper: boolean } {
  const t = receiptTruth(seed, undefined, layout);
  const style = receiptStyle(seed, layout);
  const svg = receiptSvg(t, style, seed);
  const runs = runsOf(svg);
  return { t, svg, runs, text: runs.map((r) => r.text).join('\n'), width: style.width, upper: style.upper };
}

function noOverlap(layout: ReceiptLayout): void {
  for (const seed of seeds(layout)) {
    const { runs, width } = draw(layout, seed);
    const rows = new Map<number, TextRun[]>();
    for (const r of runs) rows.set(r.y, [...(rows.get(r.y) ?? []), r]);
    for (const row of rows.values()) {
      const spans = row.map(extent).sort((a, b) => a[0] - b[0]);
      for (const [a, b] of spans) {
        expect(a, row.map((r) => r.text).join(' | ')).toBeGreaterThanOrEqual(0);
        expect(b, row.map((r) => r.text).join(' | ')).toBeLessThanOrEqual(width);
      }
      for (let i = 1; i < spans.length; i++) expect(spans[i][0], row.map((r) => r.text).join(' | ')).toBeGreaterThan(spans[i - 1][1]);
    }
  }
}

/** A held-out round: exactly these new layouts, all in RECEIPT_LAYOUTS, never drawn at random. */
function itIsAHeldOutRound(round: readonly ReceiptLayout[], names: ReceiptLayout[]): void {
  it('are three new layouts, held out and never drawn at random', () => {
    expect(round).toEqual(names);
    for (const l of round) expect(RECEIPT_LAYOUTS).toContain(l);
    for (let seed = 0; seed < 300; seed++) expect(round).not.toContain(receiptStyle(seed).layout);
  });
}

/** The layout's first bench image renders at its page width (not read: no OCR before the blind run). */
function itRendersToThePage(layout: ReceiptLayout): void {
  it('renders to an image of the page size (not read: no OCR before the blind run)', async () => {
    const { svg, width } = draw(layout, seeds(layout)[0]);
    const meta = await sharp(await rasterize(svg, 'png')).metadata();
    expect(meta.width).toBe(width);
    expect(meta.height).toBeGreaterThan(300);
  });
}

describe('fourth-round held-out receipt layouts', () => {
  itIsAHeldOutRound(FOURTH_HELD_OUT_RECEIPT_LAYOUTS, ['wt-column', 'pkg-tax-incl', 'caps-thermal']);

  describe.each(FOURTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    itRendersToThePage(layout);

    it('truth adds up', () => {
      for (const seed of seeds(layout)) {
        const { t } = draw(layout, seed);
        expect(t.items.length).toBeGreaterThanOrEqual(2);
        expect(t.items.length).toBeLessThanOrEqual(4);
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
        const taxAdded = TAX_INCLUDED.includes(layout) ? 0 : t.tax;
        expect(t.total).toBeCloseTo(r2((t.subtotal ?? 0) - (t.discount ?? 0) + taxAdded), 2);
        expect(t.tax).toBeGreaterThan(0);
        for (const it of t.items) {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          expect(it.productName.endsWith(` ${it.sizeText}`)).toBe(true);
          if (it.typeTag) expect(it.productName).not.toContain(it.typeTag);
          expect(it.thcPct === null).toBe(layout === 'wt-column');
          if (it.discount) expect(it.discount).toBeLessThan(it.price);
        }
      }
    });

    it('prints every truth field it claims', () => {
      for (const seed of seeds(layout)) {
        const { t, text, upper } = draw(layout, seed);
        const up = (s: string) => (upper ? s.toUpperCase() : s);
        const amount = (n: number) => (layout === 'caps-thermal' ? n.toFixed(2) : money(n));
        expect(text.toUpperCase()).toContain(t.dispensaryName.toUpperCase());
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(text).toContain(amount(t.subtotal as number));
        expect(text).toContain(amount(t.total));
        if (t.discount) expect(text).toContain(`-${amount(t.discount)}`);
        for (const it of t.items) {
          const lines = text.split('\n');
          if (layout === 'wt-column') {
            const name = it.productName.slice(0, -(it.sizeText as string).length).trim();
            expect(lines.some((l) => l.toUpperCase().startsWith(name.toUpperCase()))).toBe(true);
            expect(lines).toContain(it.sizeText);
          } else expect(lines).toContain(`${up(it.productName)}${it.typeTag ? ` ${it.typeTag}` : ''}`);
          expect(text).toContain(amount(it.price));
          if (it.quantity > 1 && layout !== 'wt-column') expect(text).toContain(amount(it.unitPrice));
          if (it.thcPct !== null) expect(text).toContain(`THC${layout === 'pkg-tax-incl' ? ':' : ''} ${it.thcPct.toFixed(1)}%`);
          if (it.cbdPct !== null) expect(text).toContain(`CBD${layout === 'pkg-tax-incl' ? ':' : ''} ${it.cbdPct.toFixed(1)}%`);
          if (it.discount) expect(text).toContain(`-${amount(it.discount)}`);
        }
        // The taxes printed add up to the truth's tax.
        const taxes = text
          .split('\n')
          .map((l, i, all) => (/tax/i.test(l) && /^(?!.*(incl|total:))/i.test(l) ? all[i + 1] : null))
          .filter((v): v is string => v !== null)
          .map((v) => Number(v.replace(/[$,]/g, '')));
        expect(r2(taxes.reduce((a, x) => a + x, 0))).toBeCloseTo(t.tax, 2);
      }
    });

    it('draws no run over another on the same row, nor off the page', () => noOverlap(layout));
  });
});

describe('fifth-round held-out receipt layouts', () => {
  itIsAHeldOutRound(FIFTH_HELD_OUT_RECEIPT_LAYOUTS, ['sku-batch-flags', 'med-allotment', 'delivery-grid']);

  describe.each(FIFTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    itRendersToThePage(layout);

    it('truth adds up and prints every field it claims', () => {
      for (const seed of seeds(layout)) {
        const { t, text, upper } = draw(layout, seed);
        const lines = text.split('\n');
        const up = (s: string) => (upper ? s.toUpperCase() : s);
        const amount = (n: number) => (layout === 'sku-batch-flags' ? n.toFixed(2) : money(n));
        expect(t.items.length).toBeGreaterThanOrEqual(2);
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
        const fees = layout === 'delivery-grid' ? (t.fees?.delivery ?? 0) + (t.fees?.tip ?? 0) : 0;
        expect(t.fees === undefined).toBe(layout !== 'delivery-grid');
        expect(t.total).toBeCloseTo(r2((t.subtotal ?? 0) - (t.discount ?? 0) + t.tax + fees), 2);
        expect(t.tax).toBeGreaterThan(0);
        expect(text.toUpperCase()).toContain(t.dispensaryName.toUpperCase());
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(lines).toContain(amount(t.subtotal as number));
        expect(lines).toContain(amount(t.total));
        expect(lines).toContain(amount(t.tax));
        if (t.discount) expect(lines).toContain(layout === 'sku-batch-flags' ? `${amount(t.discount)}-` : `-${amount(t.discount)}`);
        if (t.fees?.tip) expect(text).toContain(`Driver tip\n${money(t.fees.tip)}`);
        for (const it of t.items) {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          expect(lines).toContain(up(it.productName));
          expect(it.thcPct === null).toBe(layout !== 'med-allotment');
          if (layout === 'sku-batch-flags') {
            expect(lines).toContain(`   ${it.quantity} @ ${amount(it.unitPrice)}`);
            expect(lines).toContain(`${amount(it.price)} T`);
            if (it.discount) expect(lines).toContain(`${amount(it.discount)}-`);
          } else {
            expect(lines).toContain(amount(it.price));
            expect(it.discount).toBeNull();
          }
          if (layout === 'delivery-grid') expect(lines).toContain(amount(it.unitPrice));
          if (it.thcPct !== null) expect(text).toContain(`THC ${it.thcPct.toFixed(1)} %`);
          if (it.cbdPct !== null) expect(text).toContain(`CBD ${it.cbdPct.toFixed(1)} %`);
          if (layout === 'med-allotment') expect(text).toContain(`Dispensed ${(it.grams * it.quantity).toFixed(1)} g`);
        }
      }
    });

    it('draws no run over another on the same row, nor off the page', () => noOverlap(layout));
  });
});

describe('sixth-round held-out receipt layouts', () => {
  itIsAHeldOutRound(SIXTH_HELD_OUT_RECEIPT_LAYOUTS, ['fr-ca-comma', 'price-below', 'disc-column']);

  it('prints French amounts with a decimal comma, the currency after and a space between thousands', () => {
    expect(frMoney(35)).toBe('35,00 $');
    expect(frMoney(1234.5)).toBe('1 234,50 $');
    expect(frMoney(0.07)).toBe('0,07 $');
  });

  describe.each(SIXTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    itRendersToThePage(layout);

    it('truth adds up and prints every field it claims', () => {
      let discounted = 0;
      for (const seed of seeds(layout)) {
        const { t, text, upper } = draw(layout, seed);
        const lines = text.split('\n');
        const up = (s: string) => (upper ? s.toUpperCase() : s);
        const amount = (n: number) => (layout === 'fr-ca-comma' ? frMoney(n) : money(n));
        expect(t.items.length).toBeGreaterThanOrEqual(2);
        expect(t.items.length).toBeLessThanOrEqual(4);
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
        expect(t.total).toBeCloseTo(r2((t.subtotal ?? 0) - (t.discount ?? 0) + t.tax), 2);
        const rate = layout === 'fr-ca-comma' ? 0.14975 : layout === 'disc-column' ? 0.12 : null;
        if (rate !== null) expect(t.tax).toBeCloseTo(r2(((t.subtotal ?? 0) - (t.discount ?? 0)) * rate), 2);
        expect(text.toUpperCase()).toContain(t.dispensaryName.toUpperCase());
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(lines).toContain(amount(t.subtotal as number));
        expect(lines).toContain(amount(t.total));
        if (t.discount) expect(lines).toContain(`-${amount(t.discount)}`);
        // The two taxes printed add up to the truth's tax.
        if (rate !== null) {
          const taxes = lines
            .map((l, i) => (/^(TPS|TVQ|GST|PST) \d/.test(l) ? lines[i + 1] : null))
            .filter((v): v is string => v !== null)
            .map((v) => Number(v.replace(/[$\s]/g, '').replace(',', '.')));
          expect(taxes).toHaveLength(2);
          expect(r2(taxes[0] + taxes[1])).toBeCloseTo(t.tax, 2);
        } else expect(lines).toContain(amount(t.tax));
        for (const it of t.items) {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.discount) {
            discounted++;
            expect(it.discount).toBeLessThan(it.price);
          }
          expect(it.thcPct === null).toBe(layout !== 'fr-ca-comma');
          if (layout === 'price-below') {
            // The item's lines, joined: quantity first, the name, an inline discount; the price alone below.
            const joined = text.replace(/\n {4}/g, ' ');
            expect(joined).toContain(`${it.quantity} × ${up(it.productName)}${it.discount ? ' (' : '\n'}`);
            if (it.discount) {
              const d = money(it.discount);
              const forms = [`save ${d}`, `-${d} promo`, `Deal -${d}`].map((x) => `${up(it.productName)} (${x})\n${money(it.price)}\n`);
              expect(forms.some((f) => joined.includes(f))).toBe(true);
            } else expect(joined).toContain(`${up(it.productName)}\n${money(it.price)}\n`);
            expect(lines).toContain(money(it.price));
            expect(text).not.toContain(money(it.unitPrice) === money(it.price) ? '\u0000' : money(it.unitPrice));
          } else {
            expect(lines).toContain(up(it.productName));
            if (layout === 'disc-column') {
              const row = lines.indexOf(up(it.productName));
              const cells = [String(it.quantity), money(it.unitPrice), ...(it.discount ? [`-${money(it.discount)}`] : []), money(r2(it.price - (it.discount ?? 0)))];
              expect(lines.slice(row + 1, row + 1 + cells.length)).toEqual(cells);
            } else {
              expect(lines).toContain(frMoney(it.price));
              if (it.quantity > 1) expect(lines).toContain(`   ${it.quantity} x ${frMoney(it.unitPrice)}`);
              expect(text).toContain(`THC ${(it.thcPct as number).toFixed(1).replace('.', ',')} %`);
              if (it.cbdPct !== null) expect(text).toContain(`CBD ${it.cbdPct.toFixed(1).replace('.', ',')} %`);
              if (it.discount) expect(lines).toContain(`-${frMoney(it.discount)}`);
              expect(it.productName).not.toMatch(/\d\.\d/);
            }
          }
        }
      }
      expect(discounted).toBeGreaterThan(0);
    });

    it('draws no run over another on the same row, nor off the page', () => noOverlap(layout));
  });
});

describe('seventh-round held-out receipt layouts', () => {
  itIsAHeldOutRound(SEVENTH_HELD_OUT_RECEIPT_LAYOUTS, ['html-card', 'brand-groups', 'excise-lines']);

  describe.each(SEVENTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    itRendersToThePage(layout);

    it('truth adds up and prints every field it claims', () => {
      let discounted = 0;
      let multi = 0;
      for (const seed of seeds(layout)) {
        const { t, text, upper } = draw(layout, seed);
        const lines = text.split('\n');
        const up = (s: string) => (upper ? s.toUpperCase() : s);
        expect(t.items.length).toBeGreaterThanOrEqual(2);
        expect(t.items.length).toBeLessThanOrEqual(4);
        const subtotal = r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0));
        expect(t.subtotal).toBeCloseTo(subtotal, 2);
        const base = subtotal - (t.discount ?? 0);
        if (layout === 'excise-lines') {
          // The tax is the per-item excise lines and the sales tax; the total is rounded to the nickel.
          const excise = t.items.reduce((a, it) => a + (it.excise as number), 0);
          for (const it of t.items) expect(it.excise).toBeCloseTo(r2((it.price - (it.discount ?? 0)) * 0.15), 2);
          expect(t.tax).toBeCloseTo(r2(excise + r2(base * 0.0725)), 2);
          expect(Math.abs(t.rounding as number)).toBeLessThanOrEqual(0.025);
          expect(Math.round(t.total * 100) % 5).toBe(0);
          expect(t.total).toBeCloseTo(r2(base + t.tax + (t.rounding as number)), 2);
          expect(lines).toContain(money(r2(t.tax - excise)));
          expect(lines).toContain('Cash rounding');
        } else {
          expect(t.total).toBeCloseTo(r2(base + t.tax), 2);
          expect(lines).toContain(money(t.tax));
        }
        expect(text.toUpperCase()).toContain(t.dispensaryName.toUpperCase());
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(lines).toContain(money(t.subtotal as number));
        expect(lines).toContain(money(t.total));
        if (t.discount) expect(lines).toContain(`-${money(t.discount)}`);
        const brands: string[] = [];
        for (const it of t.items) {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) multi++;
          if (it.discount) {
            discounted++;
            expect(it.discount).toBeLessThan(it.price);
            expect(lines).toContain(`-${money(it.discount)}`);
          }
          expect(it.thcPct === null).toBe(layout !== 'html-card');
          const row = lines.findIndex((l) => l.trim() === up(it.productName));
          expect(row, it.productName).toBeGreaterThanOrEqual(0);
          expect(lines[row + 1]).toBe(money(it.price));
          if (layout === 'html-card') {
            expect(lines[row + 2]).toBe(`Qty ${it.quantity} · ${money(it.unitPrice)} each`);
            expect(lines[row + 3]).toContain(`${it.category} · THC ${(it.thcPct as number).toFixed(1)}%`);
            if (it.cbdPct !== null) expect(lines[row + 3]).toContain(`CBD ${it.cbdPct.toFixed(1)}%`);
          } else {
            if (it.quantity > 1) expect(lines[row + 2].trim()).toBe(`${it.quantity} @ ${money(it.unitPrice)}`);
            if (layout === 'excise-lines') {
              const at = lines.indexOf('  Excise 15%', row);
              expect(lines[at + 1]).toBe(money(it.excise as number));
              if (it.category === 'Flower') expect(it.productName).toMatch(/ (1\/8|1\/4|1\/2|1) oz$/);
            } else {
              // Grouped under its brand: the nearest heading above the item is its brand, not repeated on the line.
              const heading = lines.slice(0, row).lastIndexOf(up(it.brand as string));
              expect(heading).toBeGreaterThanOrEqual(0);
              expect(it.productName).not.toContain(it.brand as string);
              if (!brands.includes(it.brand as string)) brands.push(it.brand as string);
              // Items of one brand sit together: once another brand starts, this one does not come back.
              expect(brands.indexOf(it.brand as string)).toBe(brands.length - 1);
            }
          }
        }
      }
      expect(discounted).toBeGreaterThan(0);
      expect(multi).toBeGreaterThan(0);
    });

    it('draws no run over another on the same row, nor off the page', () => noOverlap(layout));
  });
});

describe('eighth-round held-out receipt layouts', () => {
  itIsAHeldOutRound(EIGHTH_HELD_OUT_RECEIPT_LAYOUTS, ['metrc-tag-pos', 'size-tax-cols', 'es-pr-crease']);

  describe.each(EIGHTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    itRendersToThePage(layout);

    it('truth adds up and prints every field it claims', () => {
      let discounted = 0;
      let multi = 0;
      for (const seed of seeds(layout)) {
        const { t, svg, text, upper } = draw(layout, seed);
        const lines = text.split('\n');
        const up = (s: string) => (upper ? s.toUpperCase() : s);
        const subtotal = r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0));
        expect(t.subtotal).toBeCloseTo(subtotal, 2);
        const base = subtotal - (t.discount ?? 0);
        expect(t.total).toBeCloseTo(r2(base + t.tax), 2);
        if (layout === 'size-tax-cols') expect(t.tax).toBeCloseTo(r2(t.items.reduce((a, it) => a + (it.lineTax as number), 0)), 2);
        if (layout === 'es-pr-crease') expect(t.tax).toBeCloseTo(r2(base * 0.115), 2);
        expect(text.toUpperCase()).toContain(t.dispensaryName.toUpperCase());
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(lines).toContain(money(t.subtotal as number));
        expect(lines).toContain(money(t.total));
        if (layout === 'size-tax-cols') expect(lines).toContain(money(t.tax));
        else {
          // Two tax lines whose amounts add up to the tax.
          const [a, b] = layout === 'metrc-tag-pos' ? ['Excise Tax', 'Sales Tax'] : ['IVU estatal 10.5%', 'IVU municipal 1%'];
          const amount = (label: string) => Number(lines[lines.indexOf(label) + 1].slice(1));
          expect(r2(amount(a) + amount(b))).toBeCloseTo(t.tax, 2);
        }
        if (t.discount) expect(lines).toContain(`-${money(t.discount)}`);
        // Two fold creases lie over the Spanish receipt; the others draw nothing over their text.
        expect(
          (
            svg
              .split('</text>')
              .pop()
              ?.match(/fill-opacity/g) ?? []
          ).length,
        ).toBe(layout === 'es-pr-crease' ? 8 : 0);
        for (const it of t.items) {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) multi++;
          if (it.discount) {
            discounted++;
            expect(lines).toContain(`-${money(it.discount)}`);
          }
          expect(it.thcPct === null).toBe(layout === 'size-tax-cols');
          if (layout === 'size-tax-cols') {
            // The Item cell and the Size cell on one row: the printed name is the two joined.
            const size = it.sizeText as string;
            const row = lines.indexOf(up(it.productName.slice(0, -size.length).trim()));
            expect(row, it.productName).toBeGreaterThan(0);
            expect(lines.slice(row - 1, row + 4)).toEqual([
              String(it.quantity),
              up(it.productName.slice(0, -size.length).trim()),
              size,
              money(it.price),
              money(it.lineTax as number),
            ]);
            expect(it.lineTax).toBeCloseTo(r2((it.price - (it.discount ?? 0)) * 0.2), 2);
            continue;
          }
          const row = lines.indexOf(up(it.productName));
          expect(row, it.productName).toBeGreaterThanOrEqual(0);
          const cbd = it.cbdPct !== null ? `CBD ${it.cbdPct.toFixed(1)}%` : '';
          if (layout === 'metrc-tag-pos') {
            expect(lines.slice(row - 1, row + 3)).toEqual([String(it.quantity), up(it.productName), money(it.unitPrice), money(it.price)]);
            expect(lines[row + 3]).toMatch(/^1A4[0-9A-F]{21}$/);
            expect(lines[row + 4]).toBe(`THC: ${(it.thcPct as number).toFixed(1)}% | CBD: ${cbd ? cbd.slice(4) : '<0.1%'}`);
          } else {
            expect(lines[row + 1]).toBe(money(it.price));
            if (it.quantity > 1) expect(lines[row + 2].trim()).toBe(`${it.quantity} x ${money(it.unitPrice)}`);
            expect(lines[row + (it.quantity > 1 ? 3 : 2)].trim()).toBe([ES_CATEGORY[it.category], `THC ${(it.thcPct as number).toFixed(1)}%`, cbd].filter(Boolean).join(' · '));
          }
        }
      }
      expect(discounted).toBeGreaterThan(0);
      expect(multi).toBeGreaterThan(0);
    });

    it('draws no run over another on the same row, nor off the page', () => noOverlap(layout));
  });
});
