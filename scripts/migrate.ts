/** Apply pending migrations (supabase/migrations) to DATABASE_URL, or the embedded PGlite directory. */
import { loadEnvFiles } from '@/scripts/lib/env-file';

loadEnvFiles();

async function main() {
  const { getDb, closeDb, migrate, pgliteDir } = await import('@/lib/db');
  const db = await getDb();
  const { applied, level } = await migrate(db);
  const target = db.kind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${pgliteDir()})`;
  console.log(applied.length ? `Applied ${applied.length} migration(s) to ${target}: ${applied.join(', ')}` : `${target} is up to date`);
  console.log(`Migration level: ${level ?? 'none'}`);
  await closeDb();
}

main().catch((e) => {
  console.error(`Migration failed: ${(e as Error).message}`);
  process.exit(1);
});
