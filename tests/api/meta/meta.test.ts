import { describe } from 'vitest';
import { metaSuite, setupContent } from '@/tests/api/content/suites';

describe('meta routes (PGlite)', () => {
  setupContent();
  metaSuite();
});
