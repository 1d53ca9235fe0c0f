-- Catalog version (issue 15): one row whose `version` changes whenever the strain catalog
-- (strains, strain_names, strain_universe) is written, so in-process read models of the catalog
-- (the matcher's name index, search caches) know, across instances, when to rebuild.
--
-- * Bumped by statement-level triggers: no writer (import, seed, admin, research approval, the
--   popularity job, a manual psql session) can forget it.
-- * The value comes from a sequence, so a number is never reused even when a bumping
--   transaction rolls back: a reader that cached data under a rolled-back number can never
--   mistake a later, different catalog for it.
-- * Bumped once per transaction (a transaction-local setting remembers it): an import batch of
--   500 rows, whose name triggers run three statements per row, costs one row update. A reader
--   inside that writing transaction sees the row as its own write (`xmin`) and must not cache
--   (lib/strains/match-repo.ts checks it); other transactions see the new number only on commit,
--   together with every write it covers.
-- * `instance` tells databases apart (two schemas, two in-memory databases in one process).

CREATE SEQUENCE IF NOT EXISTS catalog_version_seq;

CREATE TABLE IF NOT EXISTS catalog_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  instance uuid NOT NULL DEFAULT gen_random_uuid(),
  version bigint NOT NULL DEFAULT nextval('catalog_version_seq'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO catalog_version (id) VALUES (true) ON CONFLICT (id) DO NOTHING;

CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('catalog.version_bumped_in', true), '') <> txid_current()::text THEN
    UPDATE catalog_version SET version = nextval('catalog_version_seq'), updated_at = now();
    PERFORM set_config('catalog.version_bumped_in', txid_current()::text, true);
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS strains_catalog_version_trg ON strains;
CREATE TRIGGER strains_catalog_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON strains
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
DROP TRIGGER IF EXISTS strain_names_catalog_version_trg ON strain_names;
CREATE TRIGGER strain_names_catalog_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON strain_names
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
DROP TRIGGER IF EXISTS strain_universe_catalog_version_trg ON strain_universe;
CREATE TRIGGER strain_universe_catalog_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON strain_universe
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
