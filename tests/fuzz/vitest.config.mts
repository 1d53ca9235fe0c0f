import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The production-build suites (fuzz, faults): one file at a time, each starting its own server.
const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  root,
  resolve: { alias: { '@': root, 'server-only': path.join(root, 'node_modules/server-only/empty.js') } },
  test: {
    include: [process.env.SUITE === 'faults' ? 'tests/faults/**/*.test.ts' : 'tests/fuzz/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});
