/**
 * The owner of the catalog tables (`strains`, `strain_names`, `strain_sources`,
 * `strain_universe`, `strain_popularity`, `catalog_version`, `menu_brands`): every statement on them is in one of
 * the modules below, which this module re-exports; other modules, of this area or another, import
 * `@/lib/strains/repo` (tests/unit/db/table-owners.test.ts).
 *
 * - `repo/row.ts`: the one row type of a strain and its mapper.
 * - `repo/reads.ts`: a strain by slug or id, its neighbours, what other areas read.
 * - `repo/lists.ts`: the paged lists, the name search, the statistics.
 * - `repo/upsert.ts`: the input → row mapper and the upsert of profiles and their sources.
 * - `repo/universe.ts`: the universe of known names and a profile's sources.
 * - `repo/maintenance.ts`: popularity and the derived columns of the backfill jobs.
 * - `repo/version.ts`: the catalog version stamp and the matcher's name reads.
 * - `repo/makers.ts`: the makers learned from scanned menus' brand fields (`menu_brands`).
 */
export * from '@/lib/strains/repo/row';
export * from '@/lib/strains/repo/reads';
export * from '@/lib/strains/repo/lists';
export * from '@/lib/strains/repo/upsert';
export * from '@/lib/strains/repo/universe';
export * from '@/lib/strains/repo/maintenance';
export * from '@/lib/strains/repo/version';
export * from '@/lib/strains/repo/makers';
