import { describe } from 'vitest';
import { discoverSuite, setupContent } from '@/tests/api/content/suites';

describe('discover routes (PGlite)', () => {
  setupContent();
  discoverSuite();
});
