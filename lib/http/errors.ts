// Transitional re-export: the error classes live in lib/errors.ts (any layer may throw them) and
// lib/db/errors.ts (DatabaseError).
export { ApiError, FlatError, ERROR_CODES, ALL_ERROR_CODES, type ErrorCode } from '../errors';
export { DatabaseError } from '../db/errors';
