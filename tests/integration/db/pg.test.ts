import { openPg } from '@/lib/db/pg';
import { dbSuite } from '../../shared/db-suite';

// Runs only where PostgreSQL is configured (npm run test:integration sets DATABASE_URL).
const url = process.env.DATABASE_URL;
if (url) dbSuite('PostgreSQL', () => openPg(url, { schema: `${process.env.DATABASE_SCHEMA}_port` }));
