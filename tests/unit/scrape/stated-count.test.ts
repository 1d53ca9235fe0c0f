import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { allStated, statedTotal } from '@/lib/scrape/stated-count';

// A "Show more" whose content is already read: the page's stated total decides (docs/menus.md, eighteenth round).
const doc = (body: string) => cheerio.load(`<!doctype html><html><body>${body}</body></html>`);

describe('the total a listing states', () => {
  it.each([
    ['Shopify product count (desktop and mobile copies)', '<h2><span id="ProductCountDesktop">150 products</span></h2><span id="ProductCount">150 products</span>', 150],
    ['WooCommerce result count', '<p class="woocommerce-result-count">Showing all 140 results</p>', 140],
    ['a range of a total', '<p>Showing 1–24 of 200 results</p>', 200],
    ['no count', '<p>Our menu</p>', null],
    ['two different counts (category chips)', '<button>40 items</button><button>60 items</button>', null],
    ['a count only in a script', '<script>var s = "150 products";</script>', null],
  ])('%s', (_, body, want) => expect(statedTotal(doc(body))).toBe(want));

  it('a "load more" is left to the browser until the read products reach the stated total', () => {
    const $ = doc('<span>150 products</span><button>Show more</button>');
    expect(allStated($, 24)).toBe(false);
    expect(allStated($, 150)).toBe(true);
    expect(allStated(doc('<button>Show more</button>'), 150)).toBe(false);
  });
});
