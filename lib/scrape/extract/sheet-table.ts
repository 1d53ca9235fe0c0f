import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { dedupeProducts, toScrapedProduct, type RawProductFields } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * A menu kept as a spreadsheet and published as a table (Google Sheets "publish to web" HTML,
 * its CSV or Visualization answer drawn by a script, TablePress, pasted sheets): the header row is
 * found wherever it is (title rows, blank rows, a frozen-rows bar and row numbers may come first),
 * its columns named (product, brand, type, THC, price, sale / now), rows with one filled cell are
 * category sections, and each row below with a name and a price is a product; a sale column's
 * value is the price paid and the price column's the struck regular price (DECISIONS §12).
 *
 * Read only where a card reader would go wrong: the header has a sale column of its own, or the
 * prices are bare numbers ("35", "31.46") without a currency sign. Other tables stay with the
 * heuristic reader, which reads struck and current prices inside one cell.
 */
const HEAD = {
  name: /^(?:product|product name|item|item name|name|strain|description)$/i,
  brand: /^(?:brand|vendor|producer|grower|manufacturer|farm)$/i,
  type: /^(?:type|category|product type|kind|class)$/i,
  thc: /^(?:thc|thc ?%|% ?thc|thc \(%\)|potency)$/i,
  price: /^(?:price|regular price|reg\.? price|retail|retail price|msrp|unit price|price \(\$\)|\$)$/i,
  sale: /^(?:sale|sale price|now|now price|special|special price|deal|deal price|discount price|promo|promo price|our price)$/i,
};
type Col = keyof typeof HEAD;
const BARE_NUMBER = /^\d{1,4}(?:\.\d{1,2})?$/;
const PRICE_CELL = /^(?:\$|USD\s?)?\s?\d{1,4}(?:\.\d{1,2})?$/i;
const MAX_ROWS = 20_000;

const cellText = ($: CheerioAPI, el: Element) => $(el).text().replace(/\s+/g, ' ').trim();

/** A row's cells: its data cells when it has any (row numbers are headers), else its header cells. */
function rowCells($: CheerioAPI, tr: Element): string[] {
  const kids = tr.children.filter((c): c is Element => c.type === 'tag' && (c.name === 'td' || c.name === 'th'));
  const tds = kids.filter((c) => c.name === 'td');
  return (tds.length ? tds : kids).map((c) => cellText($, c));
}

function headerOf(cells: string[]): Partial<Record<Col, number>> | null {
  const cols: Partial<Record<Col, number>> = {};
  cells.forEach((c, i) => {
    for (const k of Object.keys(HEAD) as Col[]) if (cols[k] === undefined && HEAD[k].test(c)) cols[k] = i;
  });
  return cols.name !== undefined && cols.price !== undefined ? cols : null;
}

function readTable($: CheerioAPI, table: Element, url: string): ScrapedProduct[] {
  const rows = ($(table).find('tr').toArray() as Element[]).filter((tr) => $(tr).closest('table')[0] === table).slice(0, MAX_ROWS);
  let cols: Partial<Record<Col, number>> | null = null;
  let section: string | null = null;
  const raws: RawProductFields[] = [];
  let bare = 0;
  let priced = 0;
  for (const tr of rows) {
    const cells = rowCells($, tr);
    if (!cols) {
      cols = headerOf(cells);
      continue;
    }
    const filled = cells.filter(Boolean);
    if (filled.length === 0) continue;
    if (filled.length === 1 && !PRICE_CELL.test(filled[0])) {
      section = filled[0];
      continue;
    }
    const at = (k: Col) => (cols![k] !== undefined ? (cells[cols![k]!] ?? '') : '');
    const name = at('name');
    const price = at('price');
    if (!name || !PRICE_CELL.test(price)) continue;
    const sale = at('sale');
    const onSale = PRICE_CELL.test(sale);
    priced++;
    if (BARE_NUMBER.test(price)) bare++;
    const money = (s: string) => `$${s.replace(/^(?:\$|USD\s?)\s?/i, '')}`;
    raws.push({
      name,
      brand: at('brand') || null,
      category: at('type') || section,
      price: money(onSale ? sale : price),
      regularPrice: onSale ? money(price) : null,
      thc: at('thc') ? at('thc').replace(/%/g, '') : null,
      url,
      text: cells.join(' '),
    });
  }
  if (!cols || raws.length === 0) return [];
  // A sale column of its own, or bare-number prices: a spreadsheet, not a card table.
  if (cols.sale === undefined && bare < priced / 2) return [];
  return raws.map(toScrapedProduct).filter((p): p is ScrapedProduct => p !== null);
}

/** Products of every spreadsheet-like table of the page (empty when there is none). */
export function extractSheetTables($: CheerioAPI, url: string): ScrapedProduct[] {
  const out: ScrapedProduct[] = [];
  for (const t of $('table').toArray() as Element[]) out.push(...readTable($, t, url));
  // A sheet per category (tabs) may hold one product; a page of fewer than three is no sheet menu.
  return out.length >= 3 ? dedupeProducts(out) : [];
}
