import { int } from '@/lib/config/define';

export const research = {
  title: 'Deep research',
  vars: {
    deepResearchTimeoutMs: int('DEEP_RESEARCH_TIMEOUT_MS', 180_000, 'a deep-research run past this ends `TIMED_OUT` with `DEEP_RESEARCH_TIMEOUT`', { min: 1 }),
    deepResearchMaxSources: int('DEEP_RESEARCH_MAX_SOURCES', 16, 'sources a deep-research report reads at most (papers, strains, scans)', { min: 3, max: 50 }),
  },
} as const;
