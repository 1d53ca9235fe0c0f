export { ScrapeError, isScrapeError, type ScrapeErrorCode } from './errors';
export { isAllowedAddress, assertPublicAddress, classifyAddress, allowPrivateNetworks, type Resolver } from './address';
export { guardedFetch, guardedRequest, assertFetchableUrl, type GuardedFetchOptions, type GuardedResponse } from './guarded-fetch';
export * from './types';
export { scrapeMenu, type ScrapeMenuOptions } from './scrape-menu';
export { categorize, canonicalCategory, parsePrice, extractPriceText, parseWeightGrams, parseThcPct, parseCbdPct, parseStrainType, splitBrand } from './normalize';
export { discoverMenuUrls } from './sitemap';
export { browserAvailable, closeBrowser, chromiumPath } from './browser';
