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
    expect(foreign instanceof DatabaseError).toBe(false);
    expect(isDatabaseFailure(foreign)).toBe(true);
    expect(toDatabaseError(foreign)).toBe(foreign);
  });
});
