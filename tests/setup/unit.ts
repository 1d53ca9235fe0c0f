import '@/tests/setup/config-reset';
// Unit and in-process route tests: no outside services. Each test file gets its own in-memory
// PGlite (one per worker process), and secrets with test-only values.
process.env.PGLITE_DIR = 'memory://';
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
delete process.env.UPSTASH_REDIS_REST_URL;
delete process.env.OPENAI_API_KEY;
delete process.env.OPENAI_BASE_URL;
delete process.env.TRIGGER_SECRET_KEY;
process.env.AI_PROVIDER = process.env.AI_PROVIDER_TEST ?? 'local';
process.env.SUPABASE_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef0123456789';
process.env.LOG_LEVEL = 'silent';
process.env.STORAGE_DIR = process.env.STORAGE_DIR ?? `/tmp/ci-test-storage-${process.pid}`;
