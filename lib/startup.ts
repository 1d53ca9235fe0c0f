import { checkStartupConfig, config, ConfigError } from '@/lib/config';
import { setFlagsFromString } from 'node:v8';
import { logger } from '@/lib/log';

/**
 * Bound how far V8 lets the old space grow past the live heap before a full collection. Under
 * sustained load, objects of requests still in flight survive two scavenges and are promoted;
 * V8's own heuristic lets that garbage reach up to 4× the live heap, and the pages stay committed
 * afterwards: ~40 MB live, ~160–180 MB old space and ~290–305 MB RSS after 20 s of the slug route
 * at 50 connections. At 100 % (a factor of 2) the same load left an 80 MB old space and 207 MB
 * RSS for ~4 % more CPU per request; at 50 % 57 MB and 183 MB, but ~20 % more CPU (more frequent
 * full collections). Measured side by side, docs/performance.md. The flag is read at each
 * collection, so setting it at start-up works as the command-line flag does.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * Server start (instrumentation.ts): check the configuration, then migrate, seed and recover runs a
 * dead process left behind so that work does not wait for the first request. An invalid
 * configuration stops the start with a message naming each variable (fail fast: a service that
 * starts with a typo in a limit or a secret is worse than one that does not start).
 */
export async function startServer(): Promise<void> {
  try {
    if (config().server.nextPhase === 'phase-production-build') return;
    checkStartupConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    // stderr directly: the logger itself is configured from these values.
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
  applyHeapGrowth(config().hotpath.heapGrowingPercent);
  const { ready } = await import('@/lib/bootstrap');
  ready().then(
    () => logger().info('service ready'),
    (err: unknown) => logger().error({ err: String((err as Error)?.message ?? err) }, 'start-up failed; requests will retry'),
  );
}
