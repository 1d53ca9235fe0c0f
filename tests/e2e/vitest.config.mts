import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Browser tests against the server scripts/e2e.ts started: one file at a time (one shared
// server and a two-core machine), generous timeouts for a production build under load.
const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  root,
  resolve: { alias: { '@': root, 'server-only': path.join(root, 'node_modules/server-only/empty.js') } },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
