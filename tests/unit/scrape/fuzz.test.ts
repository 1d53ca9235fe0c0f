import * as cheerio from 'cheerio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFromHtml, pageSignals } from '@/lib/scrape/extract';
import { categorize, parseCbdPct, parsePrice, parseThcPct, parseWeightGrams, splitBrand, toScrapedProduct } from '@/lib/scrape/normalize';
import { PRODUCT_CATEGORIES } from '@/lib/scrape/types';
import { classifyAddress } from '@/lib/scrape/address';
import { wildcardPattern } from '@/lib/scrape/wildcard';

// Menu text is hostile input: whatever a page contains, the normalisers and extractors answer
// in range and never throw.
const menuish = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc
    .tuple(
      fc.constantFrom('OMC - ', '', 'Packwoods | ', 'GH '),
      fc.constantFrom('Blue Dream', 'Kush Mints', 'Gummies', 'Cart', 'Balm'),
      fc.constantFrom(' 3.5g', ' 1/8 oz', ' 100mg', ' [1g]', ' $35', ' THC 24%', ''),
    )
    .map(([a, b, c]) => a + b + c),
);

describe('normalisers never throw and stay in range', () => {
  it('categorize returns one of the eight categories', () => {
    fc.assert(
      fc.property(menuish, fc.option(fc.string({ maxLength: 30 })), (name, hint) => {
        expect(PRODUCT_CATEGORIES).toContain(categorize(name, hint));
      }),
      { numRuns: 500 },
    );
  });
  it('numbers are null or finite and plausible', () => {
    fc.assert(
      fc.property(menuish, (text) => {
        const price = parsePrice(text);
        expect(price === null || (Number.isFinite(price) && price > 0)).toBe(true);
        const g = parseWeightGrams(text);
        expect(g === null || (Number.isFinite(g) && g > 0)).toBe(true);
        for (const pct of [parseThcPct(text), parseCbdPct(text)]) expect(pct === null || (pct >= 0 && pct <= 100)).toBe(true);
        const split = splitBrand(text);
        expect(typeof split.name).toBe('string');
        const p = toScrapedProduct({ name: text, text });
        if (p) expect(p.rawName.length).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: 500 },
    );
  });
  it('address classification answers for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 50 })), (ip) => {
        const v = classifyAddress(ip, false);
        expect(typeof v.allowed).toBe('boolean');
        // Nothing that is allowed without the flag becomes refused with it.
        if (v.allowed) expect(classifyAddress(ip, true).allowed).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
  it('wildcard patterns never throw on odd characters and match their own start', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const p = wildcardPattern(`https://shop.test${path.replace(/\*/g, '')}/*`);
        expect(p.test(p.start)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('extractors never throw on arbitrary markup', () => {
  const html = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '<div class="card">',
            '</div>',
            '<script type="application/ld+json">',
            '</script>',
            '<script id="__NEXT_DATA__" type="application/json">',
            '{"name":"x","price":',
            '[',
            ']',
            '}',
            '<span class="price">$',
            '<h3>',
            '</h3>',
            'window.__INITIAL_STATE__ = {',
            '<iframe src="x">',
          ),
          fc.string({ maxLength: 20 }),
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join('')),
  );
  it('extractFromHtml and pageSignals', async () => {
    await fc.assert(
      fc.asyncProperty(html, async (doc) => {
        const r = await extractFromHtml(doc, 'http://shop.test/menu');
        expect(['json-ld', 'app-state', 'heuristic', 'none']).toContain(r.method);
        for (const p of r.products) expect(PRODUCT_CATEGORIES).toContain(p.category);
        expect(typeof pageSignals(doc).scriptRendered).toBe('boolean');
        cheerio.load(doc);
      }),
      { numRuns: 200 },
    );
  });
});
