import { describe } from 'vitest';
import { papersSuite } from './papers-suite';

describe('research papers on PGlite', () => papersSuite());
