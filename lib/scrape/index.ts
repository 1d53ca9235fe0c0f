export { ScrapeError, isScrapeError, type ScrapeErrorCode } from './errors';
export { isAllowedAddress, assertPublicAddress, classifyAddress, allowPrivateNetworks, type Resolver } from './address';
export { guardedFetch, assertFetchableUrl, type GuardedFetchOptions, type GuardedResponse } from './guarded-fetch';
export * from './types';
