import type { ScrapedProduct } from '@/lib/scrape/types';

/** The state of one menu URL's crawl (scrape-menu.ts): products found, keys seen, pages seen. */
const productKey = (p: ScrapedProduct) => `${p.rawName.toLowerCase()}|${p.priceValue ?? ''}|${p.weightGrams ?? ''}`;

export interface Crawl {
  products: ScrapedProduct[];
  keys: Set<string>;
  methods: Set<string>;
  seen: Set<string>;
  /** The first page's body (browser decision) when it was reached. */
  first: { url: string; body: string } | null;
  wantBrowser: boolean;
  /** PDFs read for this URL (PDF_LIMITS.maxPdfs). */
  pdfs: number;
}

/** Adds the products not seen yet; how many were new. */
export function addNew(c: Crawl, products: ScrapedProduct[]): number {
  let fresh = 0;
  for (const p of products) {
    const k = productKey(p);
    if (c.keys.has(k)) continue;
    c.keys.add(k);
    c.products.push(p);
    fresh++;
  }
  return fresh;
}
