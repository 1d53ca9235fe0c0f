import { FlatError } from '@/lib/errors';

/** The specification's flat authentication-failure body: `{ success: false, error, code }`. */
export function authFailure(status: number, code: string, error: string, message?: string): FlatError {
  const body: Record<string, unknown> = { success: false, error, code };
  if (message !== undefined) body.message = message;
  return new FlatError(status, body);
}
