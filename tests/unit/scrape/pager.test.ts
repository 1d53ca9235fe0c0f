import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractFromHtml, pageSignals } from '@/lib/scrape/extract';
import { describeControls, pickPagerControl } from '@/lib/scrape/pager';
import { buttonPager } from '@/tests/fixtures/menus-sites/server';

/** The control pickPagerControl chooses in a snippet: its text (or aria-label), the page it leads to, the page shown. */
function pick(html: string): { control: string; page: number | null; current: number | null; kind: string } | null {
  const controls = describeControls(cheerio.load(`<html><body>${html}</body></html>`));
  const step = pickPagerControl(controls);
  if (!step) return null;
  const c = controls[step.index];
  return { control: c.text || c.aria, page: step.page, current: step.current, kind: step.kind };
}

describe('script-driven pagination: which control leads to the next page', () => {
  // [what, markup, expected choice]
  it.each<[string, string, ReturnType<typeof pick>]>([
    [
      'buttons, the current one with aria-current',
      '<nav><button aria-current="page">1</button><button>2</button><button>3</button><button>Next</button></nav>',
      { control: '2', page: 2, current: 1, kind: 'number' },
    ],
    [
      'li role=button, the current one by an is-active class',
      '<ul class="pager"><li role="button">1</li><li role="button">2</li><li role="button" class="is-active">3</li><li role="button">4</li></ul>',
      { control: '4', page: 4, current: 3, kind: 'number' },
    ],
    [
      'the active class on the wrapper of the button',
      '<ul><li><button>1</button></li><li class="active"><button>2</button></li><li><button>3</button></li></ul>',
      { control: '3', page: 3, current: 2, kind: 'number' },
    ],
    [
      'aria-label "Page N", the current one disabled',
      '<div class="pages"><button aria-label="Page 1">1</button><button aria-label="Page 2" disabled>2</button><button aria-label="Page 3">3</button><button aria-label="Next page">»</button></div>',
      { control: '3', page: 3, current: 2, kind: 'number' },
    ],
    [
      'a window of links without href around the current span',
      '<div role="navigation"><a role="button">1</a> <span>…</span> <a role="button">4</a> <span aria-current="page">5</span> <a role="button">6</a> <button>›</button></div>',
      { control: '6', page: 6, current: 5, kind: 'number' },
    ],
    [
      'the next number hidden by the window: the next control',
      '<nav><button>1</button><span>…</span><button class="active">7</button><span>…</span><button>12</button><button aria-label="Next page">›</button></nav>',
      { control: '›', page: 8, current: 7, kind: 'next' },
    ],
    [
      'prev/next only, no numbers',
      '<div class="pager"><button disabled>‹ Prev</button><button>Next ›</button></div>',
      { control: 'Next ›', page: null, current: null, kind: 'next' },
    ],
    ['the last page: nothing after it, next disabled', '<nav><button>1</button><button>2</button><button aria-current="page">3</button><button disabled>Next</button></nav>', null],
    [
      'a pager of real links is the HTTP crawl’s',
      '<nav class="pagination"><span aria-current="page">1</span><a href="?page=2">2</a><a href="?page=3">3</a><a href="?page=2">Next</a></nav>',
      null,
    ],
    [
      'numbers in product cards and the cart are not a pager',
      '<div class="card"><h3>Blue Dream</h3><span>1</span><button>Add</button></div><div class="card"><h3>Gelato</h3><span>2</span></div><div class="mini-cart">Cart <span>3</span></div>',
      null,
    ],
  ])('%s', (_what, html, want) => {
    expect(pick(html)).toEqual(want);
  });

  it.each(['grid', 'list', 'table', 'text'] as const)('the generated %s pager on page 3 of 8 leads to page 4', (style) => {
    expect(pick(buttonPager(3, 8, style))).toMatchObject({ page: 4, current: 3 });
    expect(pick(buttonPager(8, 8, style))).toBeNull();
  });

  it('over HTTP, a numbered script pager sends the page to the browser; a lone carousel arrow does not', () => {
    expect(pageSignals(`<html><body><div class="grid"></div>${buttonPager(1, 5, 'list')}</body></html>`).scriptPager).toBe(true);
    expect(pageSignals('<html><body><div class="carousel"><button aria-label="Next slide">›</button></div></body></html>').scriptPager).toBe(false);
    expect(pageSignals('<html><body><nav><a href="?page=1" aria-current="page">1</a><a href="?page=2">2</a></nav></body></html>').scriptPager).toBe(false);
  });

  it('the pager is page furniture, never a product', async () => {
    for (const style of ['grid', 'list', 'table', 'text'] as const) {
      const cards = ['Blue Dream', 'Gelato', 'Sour Diesel'].map((n, i) => `<div class="product-card"><h3>${n}</h3><div class="price">$${30 + i}.00</div></div>`).join('');
      const html = `<html><body><div class="grid">${cards}</div>${buttonPager(2, 8, style)}</body></html>`;
      const names = (await extractFromHtml(html, 'http://127.0.0.1/menu', { model: null })).products.map((p) => p.rawName);
      expect(names).toEqual(['Blue Dream', 'Gelato', 'Sour Diesel']);
    }
  });
});
