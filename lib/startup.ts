import { checkStartupConfig, config, ConfigError } from './config';
import { logger } from './log';

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
  const { ready } = await import('./bootstrap');
  ready().then(
    () => logger().info('service ready'),
    (err: unknown) => logger().error({ err: String((err as Error)?.message ?? err) }, 'start-up failed; requests will retry'),
  );
}
