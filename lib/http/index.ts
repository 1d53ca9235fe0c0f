export { defineRoute, CDN, type RouteContext, type RouteOptions, type RouteResult, type NextHandler, type AuthMode } from './define-route';
export { route, type RouteMethods } from './methods';
export { errorResponse } from './error-response';
export { ApiError, FlatError, ERROR_CODES, ALL_ERROR_CODES, type ErrorCode } from '../errors';
export { DatabaseError } from '../db/errors';
export { ok, paginated, Ok, json, successBody, errorBody, type Pagination } from './envelope';
export { sseResponse, formatSse, SSE_HEADERS, type SseWriter } from './sse';
export { DEFAULT_MAX_BYTES, IMAGE_MAX_BYTES, readBodyText } from './body';
export { clientIp } from './client-key';
