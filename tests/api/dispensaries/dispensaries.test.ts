import { describe } from 'vitest';
import { dispensarySuite, setupContent } from '../content/suites';

describe('dispensaries routes (PGlite)', () => {
  setupContent();
  dispensarySuite();
});
