export { ScrapeError, isScrapeError, type ScrapeErrorCode } from '@/lib/scrape/errors';
export { isAllowedAddress, assertPublicAddress, classifyAddress, allowPrivateNetworks, type Resolver } from '@/lib/scrape/address';
export { guardedFetch, guardedRequest, assertFetchableUrl, type GuardedFetchOptions, type GuardedResponse } from '@/lib/scrape/guarded-fetch';
export * from '@/lib/scrape/types';
export { scrapeMenu } from '@/lib/scrape/scrape-menu';
export type { ScrapeMenuOptions } from '@/lib/scrape/scan-run';
export { categorize, canonicalCategory, parsePrice, extractPriceText, parseWeightGrams, parseThcPct, parseCbdPct, parseStrainType, splitBrand } from '@/lib/scrape/normalize';
export { discoverMenuUrls } from '@/lib/scrape/sitemap';
export { browserAvailable, closeBrowser, chromiumPath } from '@/lib/scrape/browser';
