import { APP_VERSION, appEnv, config } from '@/lib/config';
import { migrationLevel } from '@/lib/db';
import { ready } from '@/lib/bootstrap';

type DatabaseHealth = { reachable: boolean; kind: string | null; migrationLevel: string | null; error?: string };

/**
 * The database probe, shared: callers within HEALTH_PROBE_MS of the last probe (and every caller
 * while one is in flight) get its answer, so a load balancer polling hard costs at most one probe
 * query per interval instead of a round trip per request.
 */
let probe: { at: number; result: Promise<DatabaseHealth> } | undefined;

async function probeDatabase(): Promise<DatabaseHealth> {
  try {
    const db = await ready();
    // One statement: reachable and the migration level together.
    const level = await migrationLevel(db);
    return { reachable: true, kind: db.kind, migrationLevel: level };
  } catch (e) {
    return { reachable: false, kind: null, migrationLevel: null, error: appEnv() === 'production' ? 'unreachable' : String((e as Error).message ?? e) };
  }
}

function databaseHealth(): Promise<DatabaseHealth> {
  const now = Date.now();
  if (!probe || now - probe.at >= config().hotpath.healthProbeMs) {
    const result = probeDatabase();
    probe = { at: now, result };
    // The interval counts from when the answer came back, so a slow probe is not repeated at once.
    void result.then(() => {
      if (probe?.result === result) probe.at = Date.now();
    });
  }
  return probe.result;
}

/** Forget the last probe (tests). */
export function resetHealthProbe(): void {
  probe = undefined;
}

export async function healthReport() {
  const database = await databaseHealth();
  return {
    status: database.reachable ? ('ok' as const) : ('degraded' as const),
    version: APP_VERSION,
    environment: appEnv(),
    uptimeSeconds: Math.round(process.uptime()),
    database,
  };
}

/**
 * The replay rule of a report (`Ok.keep`, lib/http/front-cache.ts): the same report is what
 * `healthReport()` gives while the probe it used is the shared one, within its interval, and the
 * uptime has not moved to the next second. So a replay is never older than the probe cache allows.
 */
export function healthKeep(report: { uptimeSeconds: number }): () => boolean {
  const used = probe;
  return () => used !== undefined && probe === used && Date.now() - used.at < config().hotpath.healthProbeMs && Math.round(process.uptime()) === report.uptimeSeconds;
}
