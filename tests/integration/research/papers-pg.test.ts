import { describe } from 'vitest';
import { papersSuite } from '@/tests/api/research/papers-suite';

// Same suite as tests/api/research/papers.test.ts on real PostgreSQL (DATABASE_URL, own schema per file).
describe.runIf(Boolean(process.env.DATABASE_URL))('research papers on PostgreSQL', () => papersSuite());
