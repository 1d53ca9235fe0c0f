import '@/tests/setup/config-reset';
// Integration tests: real PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and Chromium
// (CHROMIUM_PATH) when present. Each test file runs in its own PostgreSQL schema so files can run
// in parallel without seeing each other's rows.
process.env.SUPABASE_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef0123456789';
process.env.LOG_LEVEL = 'silent';
process.env.AI_PROVIDER = 'local';
delete process.env.OPENAI_API_KEY;
if (process.env.DATABASE_URL) {
  process.env.DATABASE_SCHEMA = `it_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
} else {
  process.env.PGLITE_DIR = 'memory://';
}
process.env.STORAGE_DIR = process.env.STORAGE_DIR ?? `/tmp/ci-it-storage-${process.pid}`;
