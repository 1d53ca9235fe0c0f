import { describe } from 'vitest';
import { metaSuite, setupContent } from '../content/suites';

describe('meta routes (PGlite)', () => {
  setupContent();
  metaSuite();
});
