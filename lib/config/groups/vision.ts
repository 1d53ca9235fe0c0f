import { bool, int } from '@/lib/config/define';

export const vision = {
  title: 'Vision',
  vars: {
    ocrWorkers: int('VISION_OCR_WORKERS', 2, 'tesseract.js worker pool size', { min: 1, max: 4 }),
    readAhead: bool(
      'VISION_READ_AHEAD',
      true,
      "for a photo (grainy paper) whose first reading fell short and is read turned or evened out, while one OCR pass runs, prepare and read the next on a spare worker; a page's second preparation after its first reading, crisp pages and `false` read one pass at a time",
    ),
    ocrTimeoutMs: int('VISION_OCR_TIMEOUT_MS', 60_000, "one OCR job's limit", { min: 1 }),
    attemptStaleMs: int('VISION_ATTEMPT_STALE_MS', 180_000, 'a receipt `attemptId` claimed but unfinished this long may be retried', { min: 1 }),
    attemptRetentionDays: int('RECEIPT_ATTEMPT_RETENTION_DAYS', 30, 'the daily sync forgets receipt `attemptId`s older than this', { min: 1 }),
  },
} as const;
