/**
 * Is a process of this host still running? Signal 0 checks without sending anything; EPERM means
 * it exists under another user. Used by the PGlite directory lock and by the sweep of runs whose
 * owner died (lib/db/pglite.ts, lib/tasks/instance.ts).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
