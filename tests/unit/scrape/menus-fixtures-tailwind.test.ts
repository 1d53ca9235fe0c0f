import { describe, expect, it } from 'vitest';
import { buildSites, cardHtml, menuDataPresent, splitOf, stateRecord, styleHead, TAILWIND_TECHNIQUES } from '@/tests/fixtures/menus-sites/generate';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { expectHeldOutStyle, money, SALE_CARD, styleSites } from '@/tests/helpers/held-out-style';

// The eighth markup style, `tailwind` (tests/fixtures/menus-sites/tailwind.ts), not the scraper:
// every tailwind site serves what its ground truth says, in utility-class markup only.

const { sites, site } = styleSites('tailwind');
/** The text a browser shows (tags and React's empty comments gone). */
const text = (h: string) => h.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
const sale = SALE_CARD;
/** Class names a semantic style would use; a utility-class build has none of them. */
const SEMANTIC = /\b(?:product|price|card|name|brand|sale|regular|item|menu|title|amount|potency)\b/;

describe.runIf(menuDataPresent())('eighth markup style (tailwind)', () => {
  it('is held out, built for the listed techniques only, with the same products as their grid sites; the seven styles unchanged', () => {
    expectHeldOutStyle('tailwind');
    for (const t of ['paginated', 'load-more', 'infinite', 'iframe', 'age-gate', 'app-state']) expect(TAILWIND_TECHNIQUES).toContain(t);
    for (const s of sites()) {
      expect(splitOf(s)).toBe('held-out');
      expect(s.products).toEqual(site(s.technique).products);
      expect(s.products).toEqual(buildSites().find((x) => x.key === `${s.technique}-grid`)!.products);
    }
    expect(site('paginated').products.length / site('paginated').perPage).toBeGreaterThan(10);
  });

  it('a card: utility classes only, the sale price before the struck regular price, money as two text nodes', () => {
    const html = cardHtml(sale, 'tailwind');
    for (const cls of html.match(/class="([^"]*)"/g)!) expect(cls).not.toMatch(SEMANTIC);
    expect(html).not.toMatch(/\b(?:id|data-[a-z-]+)=/);
    expect(html).toContain('$<!-- -->25.00');
    expect(html).not.toContain('$25.00');
    const t = text(html);
    expect(t.indexOf('$25.00')).toBeGreaterThan(-1);
    expect(t.indexOf('$25.00')).toBeLessThan(t.indexOf('$35.00'));
    expect(html).toMatch(/<span class="[^"]*\bline-through\b[^"]*">\$<!-- -->35\.00<\/span>/);
    expect(styleHead('tailwind')).toContain('.line-through{text-decoration-line:line-through}');
    expect(t).toContain('Blue Dream 3.5g');
    expect(t).toContain('Kure');
    const plain = cardHtml({ ...sale, regularPrice: null }, 'tailwind');
    expect(plain).not.toContain('line-through');
    expect(text(plain)).toContain('$25.00');
  });

  it('the app-state record is a Medusa store product with the price paid and the regular price', () => {
    const r = stateRecord(sale, 'tailwind') as {
      title: string;
      metadata: { brand: string };
      variants: Array<{ calculated_price: { calculated_amount: number; original_amount: number } }>;
    };
    expect(r.title).toBe(sale.name);
    expect(r.metadata.brand).toBe('Kure');
    expect(r.variants[0].calculated_price).toMatchObject({ calculated_amount: 25, original_amount: 35 });
  });
});

describe.runIf(menuDataPresent())('eighth markup style (tailwind) sites', () => {
  const { get } = serveRoundSites(() => sites().map((s) => s.key));

  it('paginated: every page holds its 24 cards and a pager whose next link is an icon named only by sr-only text', async () => {
    const s = site('paginated');
    const pages = Math.ceil(s.products.length / s.perPage);
    for (const n of [1, 2, pages]) {
      const html = await get(s.key, `/menu?page=${n}`);
      for (const p of s.products.slice((n - 1) * s.perPage, n * s.perPage)) expect(html).toContain(cardHtml(p, 'tailwind'));
      if (n < pages)
        expect(html).toContain(`<a href="/menu?page=${n + 1}" class="relative inline-flex items-center rounded-md px-2 py-2 text-gray-500"><span class="sr-only">Next</span>`);
      else expect(html).not.toContain('<span class="sr-only">Next</span>');
    }
  });

  it('load-more: the first 24 cards in the page, the rest from the API, every product once', async () => {
    const s = site('load-more');
    const html = await get(s.key);
    for (const p of s.products.slice(0, 24)) expect(html).toContain(cardHtml(p, 'tailwind'));
    expect(html).toContain('>Load more</button>');
    const rest = JSON.parse(await get(s.key, `/api/cards?offset=24&limit=1000`)) as { html: string };
    for (const p of s.products.slice(24)) expect(rest.html).toContain(cardHtml(p, 'tailwind'));
  });

  it('age-gate and infinite: no card in the page', async () => {
    for (const t of ['age-gate', 'infinite']) expect(await get(site(t).key)).not.toContain(text(cardHtml(site(t).products[0], 'tailwind')).slice(0, 20));
    expect(await get(site('age-gate').key)).toContain('Verify your age');
  });

  it('app-state: nothing rendered; the dehydrated query in __NEXT_DATA__ holds every product record', async () => {
    const s = site('app-state');
    const html = await get(s.key);
    const json = /<script id="__NEXT_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1];
    const data = JSON.parse(json) as { props: { pageProps: { dehydratedState: { queries: Array<{ state: { data: { pages: Array<{ products: unknown[] }> } } }> } } } };
    const recs = data.props.pageProps.dehydratedState.queries[0].state.data.pages[0].products;
    expect(recs).toEqual(s.products.map((p) => stateRecord(p, 'tailwind')));
    expect(html).not.toContain(money(s.products[0].price));
  });
});
