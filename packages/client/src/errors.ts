/**
 * One error type for every failure the API answers: the error envelope
 * (`{ success: false, error: { code, message, details }, meta }`), the flat authentication body
 * (`{ success: false, error, code }`), the per-key 429 (`{ error, retryAfter }`) and anything else.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope {
  error?: { code?: unknown; message?: unknown; details?: unknown } | string;
  code?: unknown;
  message?: unknown;
  meta?: { requestId?: unknown };
}

/** The ApiError a parsed error body describes (`body` may be anything the server sent). */
export function apiErrorFrom(status: number, body: unknown, headers?: Headers): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as Envelope;
  const requestId = headers?.get('x-request-id') ?? (typeof b.meta?.requestId === 'string' ? b.meta.requestId : undefined);
  if (b.error && typeof b.error === 'object') {
    const code = typeof b.error.code === 'string' ? b.error.code : `HTTP_${status}`;
    return new ApiError(status, code, typeof b.error.message === 'string' ? b.error.message : code, b.error.details, requestId);
  }
  if (typeof b.error === 'string') {
    const code = typeof b.code === 'string' ? b.code : status === 429 ? 'RATE_LIMIT_EXCEEDED' : `HTTP_${status}`;
    return new ApiError(status, code, typeof b.message === 'string' ? b.message : b.error, body, requestId);
  }
  return new ApiError(status, `HTTP_${status}`, typeof body === 'string' && body ? body.slice(0, 300) : `HTTP ${status}`, undefined, requestId);
}

/** Read a non-2xx response into an ApiError. */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return apiErrorFrom(res.status, body, res.headers);
}
