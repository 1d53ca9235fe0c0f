import { describe } from 'vitest';
import { discoverSuite, dispensarySuite, metaSuite, musicSuite, setupContent } from '@/tests/api/content/suites';

// The same tables as tests/api/{discover,dispensaries,meta,music} on real PostgreSQL (own schema per file).
describe.runIf(Boolean(process.env.DATABASE_URL))('content routes on PostgreSQL', () => {
  setupContent();
  discoverSuite();
  dispensarySuite();
  metaSuite();
  musicSuite();
});
