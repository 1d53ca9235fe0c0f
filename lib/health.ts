import { APP_VERSION, appEnv } from './config';
import { migrationLevel } from './db';
import { ready } from './bootstrap';

export async function healthReport() {
  let database: { reachable: boolean; kind: string | null; migrationLevel: string | null; error?: string } = {
    reachable: false,
    kind: null,
    migrationLevel: null,
  };
  try {
    const db = await ready();
    await db.query('SELECT 1');
    database = { reachable: true, kind: db.kind, migrationLevel: await migrationLevel(db) };
  } catch (e) {
    database.error = appEnv() === 'production' ? 'unreachable' : String((e as Error).message ?? e);
  }
  return {
    status: database.reachable ? ('ok' as const) : ('degraded' as const),
    version: APP_VERSION,
    environment: appEnv(),
    uptimeSeconds: Math.round(process.uptime()),
    database,
  };
}
