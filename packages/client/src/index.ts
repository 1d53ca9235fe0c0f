/**
 * @cannabis-intelligence/client: the typed client for web frontends, native apps and servers.
 * Generated parts come from GET /api/v1/openapi.json (`npm run client:gen`); the helpers cover
 * what a description cannot type: the notebook SSE stream, the menu-scan flow, the chat stream
 * (`./chat`). See docs/client.md.
 */
export { createApiClient, unwrap, unwrapWithMeta, type ApiClient, type Meta, type Unwrapped } from './client';
export { connection, type Connection, type ConnectionOptions, type TokenSource } from './connection';
export { ApiError, apiErrorFrom, apiErrorFromResponse } from './errors';
export { messagesOf, parseData, sseMessages, type SseRequest } from './sse';
export {
  streamNotebookBatch,
  streamNotebookSection,
  type AiSectionKey,
  type BatchEvent,
  type BatchProgress,
  type BatchRequest,
  type DeepPartial,
  type SectionData,
  type SectionEvent,
  type SectionRequest,
  type StreamOptions,
} from './notebook';
export {
  runUpdates,
  scanMenu,
  scanToken,
  TERMINAL_STATUSES,
  type RunStatus,
  type RunView,
  type ScanEvent,
  type ScanMetadata,
  type ScanOutput,
  type ScanRun,
  type ScanTokenData,
  type ScanTokenRequest,
} from './scan';
export { AI_SECTION_KEYS, type SectionDataMap } from './generated/streams';
export type { components, operations, paths } from './generated/api';
