import { describe } from 'vitest';
import { dispensarySuite, setupContent } from '@/tests/api/content/suites';

describe('dispensaries routes (PGlite)', () => {
  setupContent();
  dispensarySuite();
});
