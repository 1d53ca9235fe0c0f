/**
 * Runs once when the server starts: migrate, seed and recover runs a dead process left behind,
 * so that work does not wait for the first request. Skipped while `next build` collects pages.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { ready } = await import('./lib/bootstrap');
  const { logger } = await import('./lib/log');
  ready().then(
    () => logger().info('service ready'),
    (err: unknown) => logger().error({ err: String((err as Error)?.message ?? err) }, 'start-up failed; requests will retry'),
  );
}
