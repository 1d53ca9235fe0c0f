import { describe } from 'vitest';
import { musicSuite, setupContent } from '@/tests/api/content/suites';

describe('music routes (PGlite)', () => {
  setupContent();
  musicSuite();
});
