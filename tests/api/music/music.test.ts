import { describe } from 'vitest';
import { musicSuite, setupContent } from '../content/suites';

describe('music routes (PGlite)', () => {
  setupContent();
  musicSuite();
});
