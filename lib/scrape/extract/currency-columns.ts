import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element, Text } from 'domhandler';

/**
 * A table whose price column names its currency in the header ("Price (USD)", "Price in CAD",
 * "Preis (€)") and writes its cells as bare amounts (`25.00`, `<del>30.00</del> <ins>25.00</ins>`;
 * twenty-first round): each bare amount of that column is written `$25.00`, the form the card
 * readers know, so a struck and a current amount in one cell are read as regular and sale price.
 * Only amounts with two decimals are rewritten (a quantity or a count stays as it is); a header
 * without a currency ("Price") is left to the spreadsheet reader (sheet-table.ts).
 */
const PRICE_HEAD = /\b(?:price|cost|preis|prix|precio)\b/i;
const CURRENCY_MARK = /\(\s*(?:USD|CAD|AUD|NZD|EUR|GBP|US\$|CA\$|\$|€|£)\s*\)|\bin\s+(?:USD|CAD|AUD|NZD|EUR|GBP|US dollars|dollars)\b/i;
const BARE = /^(\s*)(\d{1,4}(?:[.,]\d{2}))(\s*)$/;

/** The header cells of a table: its `thead` row, else its first row when that row is all `th`. */
function headerCells($: CheerioAPI, table: Element): Element[] {
  const head = $(table).find('thead tr').first();
  const row = head.length ? head : $(table).find('tr').first();
  const cells = row.children('th, td').toArray() as Element[];
  return head.length || cells.every((c) => c.name === 'th') ? cells : [];
}

export function currencyColumns($: CheerioAPI): void {
  $('table').each((_, table) => {
    const cells = headerCells($, table);
    const col = cells.findIndex((c) => {
      const t = $(c).text();
      return PRICE_HEAD.test(t) && CURRENCY_MARK.test(t);
    });
    if (col < 0) return;
    $(table)
      .find('tr')
      .each((_, tr) => {
        if ($(tr).parents('table').first().get(0) !== table) return;
        const cell = $(tr).children('td').get(col) as Element | undefined;
        if (!cell) return;
        const walk = (nodes: AnyNode[]) => {
          for (const n of nodes) {
            if (n.type === 'text') {
              const t = n as Text;
              const m = BARE.exec(t.data);
              if (m) t.data = `${m[1]}$${m[2].replace(',', '.')}${m[3]}`;
            } else if (n.type === 'tag') walk((n as Element).children);
          }
        };
        walk(cell.children);
      });
  });
}
