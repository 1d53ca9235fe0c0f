import { int, str, strOr } from '@/lib/config/define';

export const database = {
  title: 'Database',
  vars: {
    url: str('DATABASE_URL', 'any PostgreSQL (Supabase: the pooled connection string); unset → embedded PGlite', { show: 'unset → PGlite', secret: true }),
    schema: str('DATABASE_SCHEMA', 'put all tables in this schema (search_path)', { show: '`public`' }),
    poolMax: int('DB_POOL_MAX', 10, 'node-postgres pool size', { min: 1, max: 1000 }),
    pgliteDir: strOr('PGLITE_DIR', '.data/pglite', 'embedded database directory (`memory://` for in-memory); one process at a time (lock file)'),
  },
} as const;
