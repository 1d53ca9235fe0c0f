import { checkStartupConfig, config, ConfigError } from './config';
import { setFlagsFromString } from 'node:v8';
import { logger } from './log';

/**
 * Bound how far V8 lets the old space grow past the live heap before a full collection. Under
 * sustained load, objects of requests still in flight survive two scavenges and are promoted;
 * V8's own heuristic lets that garbage reach up to 4× the live heap (~35 MB live, ~190 MB old
 * space and ~330 MB RSS after 15 s at ~900 req/s), and the pages stay committed afterwards. With
 * a factor of 1.5 the old space stayed at ~55 MB and RSS at ~180 MB after the same load (docs/performance.md).
 * The flag is read at each collection, so setting it at start-up works as the command-line flag
 * does; a V8 without it ignores it.
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
  const { ready } = await import('./bootstrap');
  ready().then(
    () => logger().info('service ready'),
    (err: unknown) => logger().error({ err: String((err as Error)?.message ?? err) }, 'start-up failed; requests will retry'),
  );
}
