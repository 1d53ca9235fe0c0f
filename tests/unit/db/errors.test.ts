import { describe, expect, it } from 'vitest';
import { DatabaseError, isDatabaseFailure, toDatabaseError } from '@/lib/db/errors';

describe('recognising database failures', () => {
  it.each([
    ['our DatabaseError', new DatabaseError('x', '55000'), true],
    ['a pg server error (severity + SQLSTATE)', Object.assign(new Error('database "d" is not currently accepting connections'), { severity: 'FATAL', code: '55000' }), true],
    ['a dropped connection by message', new Error('Connection terminated unexpectedly'), true],
    ['an ordinary error', new Error('boom'), false],
    ['a string', 'boom', false],
  ])('%s → %s', (_name, err, expected) => {
    expect(isDatabaseFailure(err)).toBe(expected);
  });

  it('a DatabaseError raised by another bundled copy of the module (no shared class) is still recognised', () => {
    // What the production build does: the same source in two chunks, two classes.
    class OtherCopy extends Error {
      readonly code = '55000';
    }
    const foreign = Object.assign(new OtherCopy('database "d" is not currently accepting connections'), { [Symbol.for('cannabis-intelligence-api.DatabaseError')]: true });
    expect(foreign instanceof OtherCopy).toBe(true);
    expect(isDatabaseFailure(foreign)).toBe(true);
    expect(toDatabaseError(foreign)).toBe(foreign);
  });
});

describe('error classes answer instanceof by brand', () => {
  it('an ApiError or FlatError made by another copy of lib/errors is an instance of ours', async () => {
    const { ApiError, FlatError } = await import('@/lib/errors');
    const foreignApi = Object.assign(new Error('x'), { [Symbol.for('cannabis-intelligence-api.ApiError')]: true, code: 'NOT_FOUND', status: 404 });
    const foreignFlat = Object.assign(new Error('x'), { [Symbol.for('cannabis-intelligence-api.FlatError')]: true, status: 401, body: {} });
    expect(foreignApi instanceof ApiError).toBe(true);
    expect(foreignFlat instanceof FlatError).toBe(true);
    expect(new Error('plain') instanceof ApiError).toBe(false);
    expect(new ApiError('NOT_FOUND') instanceof FlatError).toBe(false);
    expect(new ApiError('NOT_FOUND') instanceof ApiError).toBe(true);
  });
});
