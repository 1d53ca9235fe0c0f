import { describe } from 'vitest';
import { papersSuite } from '@/tests/api/research/papers-suite';

describe('research papers on PGlite', () => papersSuite());
