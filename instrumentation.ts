/**
 * Runs once when the server starts. Next replaces `process.env.NEXT_RUNTIME` at build time, so
 * this literal (the one environment read outside lib/config) keeps the Node-only start-up out of
 * any edge bundle.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('@/lib/startup');
  await startServer();
}
