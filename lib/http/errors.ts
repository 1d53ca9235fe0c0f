// Transitional re-export, to be deleted: the error classes live in lib/errors.ts (any layer may
// throw them) and lib/db/errors.ts (DatabaseError). Import them from '@/lib/errors'. The last
// importers (lib/scrape/errors.ts, lib/strains/catalog.ts, lib/vision/*) move when their areas'
// open work is merged.
export { ApiError, FlatError, ERROR_CODES, ALL_ERROR_CODES, type ErrorCode } from '../errors';
export { DatabaseError } from '../db/errors';
