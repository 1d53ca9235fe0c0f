import { describe } from 'vitest';
import { discoverSuite, setupContent } from '../content/suites';

describe('discover routes (PGlite)', () => {
  setupContent();
  discoverSuite();
});
