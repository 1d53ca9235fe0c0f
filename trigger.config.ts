import { defineConfig } from '@trigger.dev/sdk';

/**
 * Trigger.dev project configuration (used only with TASK_RUNNER=trigger; `npx trigger.dev deploy`).
 * Tasks live in ./trigger and call the same lib/ run functions as the local runner.
 */
export default defineConfig({
  project: process.env.TRIGGER_PROJECT_REF ?? 'proj_cannabis_intelligence',
  dirs: ['./trigger'],
  maxDuration: 300,
  retries: {
    enabledInDev: false,
    default: { maxAttempts: 1 },
  },
  build: {
    // Native or browser-bound packages are installed on the worker, not bundled.
    external: ['playwright-core', 'sharp', 'pg', '@electric-sql/pglite', 'tesseract.js'],
  },
});
