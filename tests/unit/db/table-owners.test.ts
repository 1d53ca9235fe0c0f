import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table (docs/architecture.md): every table is read and written by the SQL of one
 * module; other areas call that module's exported functions. This test scans lib/**\/*.ts for SQL
 * naming a table (FROM / JOIN / INTO / UPDATE / DELETE FROM / TRUNCATE <table>) and fails when a
 * table appears outside its owner. Migrations (supabase/migrations) and seeds (seed.ts) are
 * outside the scan. An owner `x/repo.ts` may be split into the modules of `x/repo/`, which it
 * re-exports (lib/strains/repo.ts): those count as the owner, and nothing else does.
 */

const ROOT = path.resolve(__dirname, '../../..');

/** table → the one module that owns its SQL. */
const OWNERS: Record<string, string> = {
  schema_migrations: 'lib/db/migrate.ts',
  job_locks: 'lib/db/single-flight.ts',
  strains: 'lib/strains/repo.ts',
  strain_names: 'lib/strains/repo.ts',
  strain_sources: 'lib/strains/repo.ts',
  strain_universe: 'lib/strains/repo.ts',
  strain_popularity: 'lib/strains/repo.ts',
  catalog_version: 'lib/strains/repo.ts',
  menu_brands: 'lib/strains/repo.ts',
  task_runs: 'lib/tasks/store.ts',
  task_run_events: 'lib/tasks/store.ts',
  task_trigger_tokens: 'lib/tasks/tokens.ts',
  scan_cache: 'lib/shopping/repo.ts',
  notebooks: 'lib/notebooks/repo.ts',
  receipt_attempts: 'lib/vision/repo.ts',
  research_submissions: 'lib/research/repo.ts',
  papers: 'lib/research/papers/repo.ts',
  chat_conversations: 'lib/chat/repo.ts',
  chat_messages: 'lib/chat/repo.ts',
  daily_stories: 'lib/stories/repo.ts',
  discover_lists: 'lib/discover/repo.ts',
  discover_list_items: 'lib/discover/repo.ts',
  discover_state: 'lib/discover/repo.ts',
  dispensaries: 'lib/dispensaries/repo.ts',
  dispensary_scans: 'lib/dispensaries/repo.ts',
  blog_posts: 'lib/images/repo.ts',
  app_landing_problems: 'lib/images/repo.ts',
  social_drafts: 'lib/social/repo.ts',
  hero_images: 'lib/hero/repo.ts',
  mascot_poses: 'lib/mascot/repo.ts',
};

/** The owner `x/repo.ts` and the modules of its folder `x/repo/` (which it re-exports). */
function ownedBy(file: string, owner: string): boolean {
  return file === owner || (owner.endsWith('/repo.ts') && file.startsWith(owner.replace(/\.ts$/, '/')));
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

function migrationTables(): string[] {
  const dir = path.join(ROOT, 'supabase/migrations');
  const sql = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
  return [...new Set([...sql.matchAll(/CREATE TABLE(?: IF NOT EXISTS)? (?:public\.)?([a-z_]+)/gi)].map((m) => m[1].toLowerCase()))];
}

/** The tables a source text names in SQL position (keywords upper case, as the code writes SQL). */
export function tablesIn(src: string, tables: string[]): Set<string> {
  const re = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TRUNCATE(?:\\s+TABLE)?)\\s+(?:ONLY\\s+)?(?:public\\.)?(${tables.join('|')})\\b`, 'g');
  return new Set([...src.matchAll(re)].map((m) => m[1]));
}

describe('one owner per table', () => {
  const tables = Object.keys(OWNERS);
  const files = walk(path.join(ROOT, 'lib'))
    .map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
    .filter((f) => !/(^|\/)seed\.ts$/.test(f));
  const found = new Map(files.map((f) => [f, tablesIn(fs.readFileSync(path.join(ROOT, f), 'utf8'), tables)]));

  it('the scanner sees SQL in both forms', () => {
    expect([...tablesIn('SELECT 1 FROM strains s JOIN papers p ON true', tables)]).toEqual(['strains', 'papers']);
    expect([...tablesIn('UPDATE discover_lists SET x = 1; DELETE FROM hero_images; INSERT INTO notebooks', tables)]).toEqual(['discover_lists', 'hero_images', 'notebooks']);
    expect(tablesIn('read from strains in a comment', tables).size).toBe(0);
  });

  it('every table of the migrations has an owner, and every owner exists and holds its SQL', () => {
    // schema_migrations is created by the migrator itself, not by a migration.
    expect([...migrationTables(), 'schema_migrations'].sort()).toEqual(tables.slice().sort());
    for (const [table, owner] of Object.entries(OWNERS)) {
      expect(found.has(owner), `${owner} (owner of ${table}) exists`).toBe(true);
      expect(
        [...found].some(([f, seen]) => ownedBy(f, owner) && seen.has(table)),
        `${owner} (or a module of its folder) holds the SQL of ${table}`,
      ).toBe(true);
    }
  });

  it('no module outside the owner touches a table', () => {
    const leaks: string[] = [];
    for (const [file, seen] of found) {
      for (const t of seen) if (!ownedBy(file, OWNERS[t])) leaks.push(`${file} → ${t} (owner: ${OWNERS[t]})`);
    }
    expect(leaks).toEqual([]);
  });

  it('an owner split into a folder re-exports every module of it', () => {
    for (const owner of new Set(Object.values(OWNERS))) {
      const dir = path.join(ROOT, owner.replace(/\.ts$/, ''));
      if (!owner.endsWith('/repo.ts') || !fs.existsSync(dir)) continue;
      const src = fs.readFileSync(path.join(ROOT, owner), 'utf8');
      for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
        const spec = `@/${owner.replace(/\.ts$/, '')}/${f.replace(/\.ts$/, '')}`;
        expect(src, `${owner} re-exports ${spec}`).toContain(`export * from '${spec}';`);
      }
    }
  });
});
