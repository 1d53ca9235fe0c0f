/** The eight product categories of the specification's Product record. */
export const PRODUCT_CATEGORIES = ['Flower', 'Concentrate', 'Edible', 'Vape', 'Pre-Roll', 'Topical', 'Tincture', 'Other'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export interface ScrapedProduct {
  /** Name as shown on the menu. */
  rawName: string;
  brand: string | null;
  category: ProductCategory;
  /** Price as extracted (may carry a unit, e.g. "$35.00 / 3.5g"). */
  price: string | null;
  priceValue: number | null;
  /** The struck-through / "was" / "reg." price of a discounted product (DECISIONS §12), else null. */
  regularPrice?: string | null;
  weightGrams: number | null;
  thcPct: number | null;
  cbdPct: number | null;
  /** 'indica' | 'sativa' | 'hybrid' when the menu says so. */
  strainType: string | null;
  /** Page the product was read from (or its own product link). */
  url: string | null;
}

export interface ScrapeProgress {
  step: string;
  /** 0..1 within the scrape stage, never decreasing. */
  fraction: number;
  message?: string;
  /** Pages (documents, frames, "load more" rounds) read so far. */
  pagesVisited?: number;
  /** Menu-hosting platform recognised so far (dutchie, jane, weedmaps, leafly…). */
  platform?: string | null;
}

export interface ScrapeMenuInput {
  menuUrls: string[];
  useInteract?: boolean;
  /** When non-empty, only products in these categories are returned (names matched loosely: "edibles" = Edible). */
  categories?: string[];
  signal?: AbortSignal;
  onProgress?: (p: ScrapeProgress) => void;
  /** undefined: screenshot when the browser ran; true: also launch the browser for one; false: never. */
  screenshot?: boolean;
}

export interface ScrapeMenuResult {
  products: ScrapedProduct[];
  /** e.g. 'json-ld', 'app-state', 'ai', 'heuristic', 'wildcard:heuristic', 'browser:json-ld', 'sitemap:heuristic', 'none'. */
  extractionMethod: string;
  pagesVisited: string[];
  screenshot: { data: Buffer; contentType: 'image/png' } | null;
  usedBrowser: boolean;
  /** Menu-hosting platform recognised from the URL, markup, embed scripts or app state; null when none. */
  platform: string | null;
}
