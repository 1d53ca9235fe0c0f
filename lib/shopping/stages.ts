/** The scan's stages in order (also what the page's progress list shows; no zod, so pages import it cheaply). */
export const SCAN_STAGES = ['cache-check', 'scrape', 'match', 'queue-unmatched', 'personalize', 'cache-save', 'complete'] as const;
export type ScanStage = (typeof SCAN_STAGES)[number];
