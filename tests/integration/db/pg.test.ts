import { describe } from 'vitest';
import { openPg } from '@/lib/db/pg';
import { dbSuite } from '@/tests/shared/db-suite';

// Runs only where PostgreSQL is configured (npm run test:integration in CI sets DATABASE_URL).
const url = process.env.DATABASE_URL;
describe.runIf(Boolean(url))('PostgreSQL adapter', () => dbSuite('PostgreSQL', () => openPg(url!, { schema: `${process.env.DATABASE_SCHEMA}_port` })));
