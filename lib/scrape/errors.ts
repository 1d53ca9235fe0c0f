import { ApiError } from '@/lib/errors';

export type ScrapeErrorCode = 'MENU_NOT_ACCESSIBLE' | 'SCAN_TIMEOUT';

/**
 * A scrape failure the pipeline can report as-is. It is an ApiError so a route or the task
 * runner that lets it escape answers with the right code (422 / 408) without a mapping table;
 * `reason` is a short machine-friendly cause (e.g. `address-refused`, `too-many-redirects`).
 */
export class ScrapeError extends ApiError {
  readonly reason: string;
  declare readonly code: ScrapeErrorCode;

  constructor(code: ScrapeErrorCode, reason: string, message?: string, opts?: { cause?: unknown }) {
    super(code, message ?? `${code === 'SCAN_TIMEOUT' ? 'Scan timed out' : 'Menu not accessible'}: ${reason}`, { reason }, opts);
    this.name = 'ScrapeError';
    this.reason = reason;
  }
}

export const isScrapeError = (e: unknown): e is ScrapeError => e instanceof ScrapeError;

/** Turns an aborted signal into the error the caller should see: its own reason if it is one of ours. */
export function abortError(signal: AbortSignal | undefined, fallbackReason = 'aborted'): ScrapeError {
  const r: unknown = signal?.reason;
  if (r instanceof ScrapeError) return r;
  return new ScrapeError('SCAN_TIMEOUT', fallbackReason, undefined, { cause: r });
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * Settles with `promise`, or rejects as soon as `signal` aborts. Some browser calls (newPage on
 * a context being closed) never settle on their own; a scan must still end when its time is up.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => undefined);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
