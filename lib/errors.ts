/**
 * Every error code the API can answer with, its HTTP status and default message.
 * The specification's Errors table plus STRAIN_REJECTED and PAYLOAD_TOO_LARGE (docs/contract.md §10),
 * CONFLICT and INVALID_STATE_TRANSITION (docs/contract.md §11). Any layer may throw these; the route
 * builder (lib/http) turns them into the envelope or the flat body.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  VALIDATION_ERROR: { status: 400, message: 'Validation failed' },
  UNAUTHORIZED: { status: 401, message: 'Authentication required' },
  ADMIN_AUTH_REQUIRED: { status: 401, message: 'Admin authentication required' },
  ADMIN_AUTH_INVALID: { status: 401, message: 'Invalid admin key' },
  INVALID_TOKEN: { status: 401, message: 'Invalid token' },
  TOKEN_EXPIRED: { status: 401, message: 'Token expired' },
  FORBIDDEN: { status: 403, message: 'Insufficient permissions' },
  INSUFFICIENT_PERMISSIONS: { status: 403, message: 'Insufficient permissions' },
  NOT_FOUND: { status: 404, message: 'Resource not found' },
  STRAIN_NOT_FOUND: { status: 404, message: 'Strain not found' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  NOTEBOOK_NOT_FOUND: { status: 404, message: 'Notebook not found' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  SCAN_TIMEOUT: { status: 408, message: 'The scan did not finish within its time limit' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body too large' },
  MENU_NOT_ACCESSIBLE: { status: 422, message: 'Menu URL could not be reached or scraped' },
  STRAIN_REJECTED: { status: 422, message: 'Strain rejected' },
  INVALID_STATE_TRANSITION: { status: 422, message: 'Invalid state transition' },
  CONFLICT: { status: 409, message: 'The resource was changed by someone else' },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Rate limit exceeded' },
  INTERNAL_ERROR: { status: 500, message: 'An unexpected error occurred' },
  DATABASE_ERROR: { status: 500, message: 'Database operation failed' },
  EXTERNAL_SERVICE_ERROR: { status: 500, message: 'External service error' },
  ADMIN_AUTH_NOT_CONFIGURED: { status: 500, message: 'Admin authentication is not configured' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable' },
  TRIGGER_UNAVAILABLE: { status: 503, message: 'The scan task could not be initiated' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ALL_ERROR_CODES = Object.keys(ERROR_CODES) as ErrorCode[];

/**
 * Brands that survive bundling: the production build can hold this module in more than one chunk,
 * each with its own class, so `instanceof` checks the brand rather than the prototype chain.
 */
const API_ERROR = Symbol.for('cannabis-intelligence-api.ApiError');
const FLAT_ERROR = Symbol.for('cannabis-intelligence-api.FlatError');
const branded = (x: unknown, brand: symbol): boolean => typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[brand] === true;

export class ApiError extends Error {
  static [Symbol.hasInstance](x: unknown): boolean {
    return branded(x, API_ERROR);
  }
  readonly [API_ERROR] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, details?: unknown, opts?: { headers?: Record<string, string>; cause?: unknown }) {
    super(message ?? ERROR_CODES[code].message, opts?.cause ? { cause: opts.cause } : undefined);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = details;
    this.headers = opts?.headers;
  }

  /** `<Resource> not found: <id>` with `details {resource, id}` as the specification shows. */
  static notFound(resource: string, id: string, code: ErrorCode = 'NOT_FOUND'): ApiError {
    const label = resource.charAt(0).toUpperCase() + resource.slice(1);
    return new ApiError(code, `${label} not found: ${id}`, { resource, id });
  }
}

/**
 * A response whose body is not the envelope (authentication failures, the per-API-key 429,
 * the streaming-unavailable 503): thrown from auth or handlers, answered as-is.
 */
export class FlatError extends Error {
  static [Symbol.hasInstance](x: unknown): boolean {
    return branded(x, FLAT_ERROR);
  }
  readonly [FLAT_ERROR] = true;
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.error ?? body.code ?? 'error'));
    this.name = 'FlatError';
  }
}
