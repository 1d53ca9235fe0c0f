import type { Connection } from './connection';
import type { paths } from './generated/api';
import type { SectionDataMap } from './generated/streams';
import { parseData, sseMessages } from './sse';

/**
 * The notebook streams as async iterators of typed events: `data` of a `complete` event is the
 * section's schema (generated from the zod schema that validates it on the server), a `partial`
 * carries the part parsed so far.
 */
export type AiSectionKey = keyof SectionDataMap;
export type SectionData<K extends AiSectionKey> = SectionDataMap[K];

/** What a partial JSON parse can hold: any field may still be missing. */
export type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [P in keyof T]?: DeepPartial<T[P]> } : T;

type PerKey<K extends AiSectionKey> =
  | { type: 'start'; sectionKey: K; estimatedTokens: number }
  | { type: 'partial'; sectionKey: K; data: DeepPartial<SectionData<K>>; progress: number }
  | { type: 'complete'; sectionKey: K; data: SectionData<K>; progress: 100 }
  | { type: 'error'; sectionKey: K; error: string };

/** An event of the single-section stream, narrowed by `sectionKey` and `type`. */
export type SectionEvent = { [K in AiSectionKey]: PerKey<K> }[AiSectionKey];

export interface BatchProgress {
  overallProgress: number;
  completedSections: number;
  totalSections: number;
}

export type BatchEvent =
  | { type: 'batch_start'; totalSections: number; sectionKeys: AiSectionKey[]; overallProgress: 0; completedSections: 0 }
  | (SectionEvent & BatchProgress)
  | {
      type: 'batch_complete';
      totalSections: number;
      completedSections: number;
      overallProgress: 100;
      results: Partial<SectionDataMap>;
      errors: Partial<Record<AiSectionKey, string>>;
      notebookId: string | null;
    };

type Json<P extends keyof paths, M extends 'post'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export type BatchRequest = Json<'/api/v1/notebooks/stream/batch', 'post'>;
export type SectionRequest = Json<'/api/v1/notebooks/stream/{sectionKey}', 'post'>;

export interface StreamOptions {
  signal?: AbortSignal;
  /** `reports` streams the same notebooks under the /reports alias. */
  base?: 'notebooks' | 'reports';
}

/**
 * POST /notebooks/stream/batch: `batch_start`, then each section's start/partial/complete (or
 * error) with overall progress, then `batch_complete` with the saved notebook's id.
 */
export async function* streamNotebookBatch(conn: Connection, body: BatchRequest, o: StreamOptions = {}): AsyncGenerator<BatchEvent> {
  for await (const m of sseMessages(conn, `/api/v1/${o.base ?? 'notebooks'}/stream/batch`, { body, signal: o.signal })) {
    const ev = parseData<BatchEvent>(m);
    if (ev && typeof ev === 'object' && 'type' in ev) yield ev;
  }
}

/** POST /notebooks/stream/:sectionKey: one section's start, partials and complete (or error). */
export async function* streamNotebookSection<K extends AiSectionKey>(conn: Connection, key: K, body: SectionRequest, o: StreamOptions = {}): AsyncGenerator<PerKey<K>> {
  for await (const m of sseMessages(conn, `/api/v1/${o.base ?? 'notebooks'}/stream/${encodeURIComponent(key)}`, { body, signal: o.signal })) {
    const ev = parseData<PerKey<K>>(m);
    if (ev && typeof ev === 'object' && 'type' in ev) yield ev;
  }
}
