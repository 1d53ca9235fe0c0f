import { describe } from 'vitest';
import { openPg } from '@/lib/db/pg';
import { dbSuite } from '../../shared/db-suite';

const url = process.env.DATABASE_URL;
if (url) dbSuite('PostgreSQL', () => openPg(url, { schema: `${process.env.DATABASE_SCHEMA}_port` }));
else describe.skip('PostgreSQL Db port (DATABASE_URL not set)', () => {});
