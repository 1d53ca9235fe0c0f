export * from './types';
export { slugify, canonicalName } from './slug';
export { normalizeTerpeneName, normalizeTerpeneProfile, KNOWN_TERPENES, TERPENE_INFO } from './terpenes';
export { highFamily, HIGH_FAMILIES } from './high-family';
export { matchProducts, normalizeProductName, type MatchConfidence, type MatchInput, type MatchResult } from './match';
export { getStrainBySlug, getStrainsByIds, upsertStrain, addToUniverse, findUniverseByName, similarStrains, catalogTerpeneAverages } from './repo';
