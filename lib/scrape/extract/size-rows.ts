import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { visibleText } from '@/lib/scrape/extract/card-dom';
import { SIZES_ALL } from '@/lib/scrape/extract/card-sizes';
import { sizeOfItsOwn } from '@/lib/scrape/extract/size-cells';

/**
 * Flower menus that write one strain over several size / price rows, regrouped before cards are
 * read: each strain becomes one element holding its name lines and a size list
 * (`<ul data-scan-sizes>`, as sizeSelects writes a select out), which the size reader turns into
 * one product per size. The layouts:
 *
 * - a table whose name cells span the strain's rows (`rowspan`);
 * - a table with a title row (no price) followed by one row per size (a quick order list);
 * - a definition list, the strain a `<dt>`, each size a `<dd>`;
 * - a CSS grid whose name cell spans rows (`grid-row: span N`), its size and price cells flat
 *   siblings after it;
 * - preformatted text, the strain line followed by indented size lines
 *   (`    3.5g ..... $30.00 (reg. $40.00)`).
 *
 * A row counts as a size row when its text is short and holds a size and a price; a layout is
 * regrouped only when it has two or more strains, each with its size rows.
 */

const MONEY = /\$\s?\d/;
const isSizeRow = (t: string) => t.length <= 90 && MONEY.test(t) && SIZES_ALL().test(t);
const sizeList = (items: string[]) => `<ul data-scan-sizes="">${items.map((h) => `<li>${h}</li>`).join('')}</ul>`;
const strain = (head: string, items: string[], tag = 'div') => `<${tag} data-scan-strain="">${head}${tag === 'tr' ? `<td>${sizeList(items)}</td>` : sizeList(items)}</${tag}>`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A "was / reg. $40.00" written as the struck price it is. */
const regularStruck = (s: string) => s.replace(/\(?\s*\b(?:was|reg\.?|regular(?: price)?|orig(?:inal|\.)?)\s*:?\s*(\$\s?\d+(?:,\d{3})*(?:\.\d{1,2})?)\s*\)?/gi, ' <s>$1</s>');

/**
 * A text menu's strain line as name lines: `Name (Brand) Flower · THC 22%` — the last
 * parenthesised group followed by more words is the brand, what follows it the details (a
 * parenthesis the name ends with, `Durban Poison (Sativa)`, stays in the name).
 */
export function textHead(line: string): string {
  const m = /^(.+\S)\s+\(([^()]+)\)\s+(\S.*)$/.exec(line);
  return m ? `<div><b>${esc(m[1])}</b></div><div>${esc(m[2])}</div><div>${esc(m[3])}</div>` : `<div><b>${esc(line)}</b></div>`;
}

export function regroupSizeRows($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  const text = (el: Element) => visibleText($, $(el));
  const cellsHtml = (cells: Element[]) =>
    cells
      .map((c) => $(c).html() ?? '')
      .join(' ')
      .trim();

  for (const table of scope.find('table').toArray() as Element[]) {
    const rows = $(table).find('tr').toArray() as Element[];
    // rowspan: the first row's spanning cells are the strain; every row's other cells one size
    const groups: Array<{ rows: Element[]; head: Element[]; items: string[] }> = [];
    for (let i = 0; i < rows.length; i++) {
      const cells = $(rows[i]).children('td, th').toArray() as Element[];
      const span = Math.max(0, ...cells.map((c) => Number(c.attribs.rowspan) || 1));
      if (span < 2 || i + span > rows.length) continue;
      const head = cells.filter((c) => (Number(c.attribs.rowspan) || 1) >= 2);
      const sub = rows.slice(i, i + span);
      const items = sub.map((r, k) => cellsHtml(($(r).children('td, th').toArray() as Element[]).filter((c) => k > 0 || !head.includes(c))));
      if (!items.every((h) => isSizeRow(visibleText($, $(`<div>${h}</div>`))))) continue;
      groups.push({ rows: sub, head, items });
      i += span - 1;
    }
    if (groups.length < 2) {
      // a title row, then its size rows
      groups.length = 0;
      for (let i = 0; i < rows.length; i++) {
        const t = text(rows[i]);
        if (!t || MONEY.test(t) || $(rows[i]).closest('thead').length) continue;
        const sub: Element[] = [];
        for (let k = i + 1; k < rows.length && isSizeRow(text(rows[k])) && sizeOfItsOwn($, rows[k]); k++) sub.push(rows[k]);
        if (!sub.length) continue;
        groups.push({
          rows: [rows[i], ...sub],
          head: $(rows[i]).children('td, th').toArray() as Element[],
          items: sub.map((r) => cellsHtml($(r).children('td, th').toArray() as Element[])),
        });
        i += sub.length;
      }
    }
    if (groups.length < 2) continue;
    for (const g of groups) {
      const head = g.head.map((c) => `<td>${$(c).html() ?? ''}</td>`).join('');
      $(g.rows[0]).replaceWith(strain(head, g.items, 'tr'));
      for (const r of g.rows.slice(1)) $(r).remove();
    }
  }

  for (const dl of scope.find('dl').toArray() as Element[]) {
    const groups: Array<{ head: string; items: string[] }> = [];
    let ok = true;
    for (const c of $(dl).children().toArray() as Element[]) {
      if (c.name === 'dt') groups.push({ head: `<div>${$(c).html() ?? ''}</div>`, items: [] });
      else if (c.name === 'dd' && groups.length && isSizeRow(text(c))) groups[groups.length - 1].items.push($(c).html() ?? '');
      else ok = false;
    }
    if (!ok || groups.length < 2 || groups.some((g) => !g.items.length)) continue;
    $(dl).replaceWith(`<div>${groups.map((g) => strain(g.head, g.items)).join('')}</div>`);
  }

  const spanOf = (el: Element) => Number(/grid-row(?:-end)?\s*:\s*span\s+(\d+)/i.exec(el.attribs.style ?? '')?.[1] ?? 0);
  const parents = new Set((scope.find('[style*="span"]').toArray() as Element[]).filter((el) => spanOf(el) >= 2).map((el) => el.parent as Element));
  for (const parent of parents) {
    const kids = $(parent).children().toArray() as Element[];
    const out: string[] = [];
    let ok = true;
    for (let i = 0; i < kids.length && ok;) {
      const n = spanOf(kids[i]);
      let j = i + 1;
      while (j < kids.length && spanOf(kids[j]) < 2) j++;
      const cells = kids.slice(i + 1, j);
      if (n < 2 || cells.length % n !== 0 || !cells.length) {
        ok = false;
        break;
      }
      const per = cells.length / n;
      const items: string[] = [];
      for (let r = 0; r < n; r++) items.push(cellsHtml(cells.slice(r * per, (r + 1) * per)));
      if (!items.every((h) => isSizeRow(visibleText($, $(`<div>${h}</div>`))))) ok = false;
      out.push(strain(`<div>${$(kids[i]).html() ?? ''}</div>`, items));
      i = j;
    }
    if (ok && out.length >= 2) $(parent).empty().append(out.join(''));
  }

  for (const pre of scope.find('pre').toArray() as Element[]) {
    const groups: Array<{ head: string; items: string[] }> = [];
    for (const line of $(pre).text().split('\n')) {
      if (!line.trim()) continue;
      const indented = /^\s/.test(line);
      const clean = line
        .replace(/\.{3,}|…+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (indented && groups.length && isSizeRow(clean)) groups[groups.length - 1].items.push(regularStruck(esc(clean)));
      else if (!indented) groups.push({ head: textHead(clean), items: [] });
    }
    const real = groups.filter((g) => g.items.length);
    if (real.length < 2) continue;
    $(pre).replaceWith(`<div>${real.map((g) => strain(g.head, g.items)).join('')}</div>`);
  }
}
