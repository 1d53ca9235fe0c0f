-- Strain catalog (issue 3): the curated catalog, every searchable/matchable name of it, the
-- sources behind each strain and the universe of every strain name known.

CREATE TABLE IF NOT EXISTS strains (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  canonical_name text NOT NULL,
  type text CHECK (type IN ('indica', 'sativa', 'hybrid')),
  thc numeric, thc_min numeric, thc_max numeric,
  cbd numeric, cbd_min numeric, cbd_max numeric,
  terpenes jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- name -> share, derived from `terpenes`; lets by-terpene filter (`?`) and sort on one key.
  terpene_map jsonb NOT NULL DEFAULT '{}'::jsonb,
  dominant_terpene text,
  effects text[] NOT NULL DEFAULT '{}',
  negatives text[] NOT NULL DEFAULT '{}',
  helps_with jsonb NOT NULL DEFAULT '{}'::jsonb,
  aromas text[] NOT NULL DEFAULT '{}',
  parents text[] NOT NULL DEFAULT '{}',
  akas text[] NOT NULL DEFAULT '{}',
  high_family text,
  popularity_score numeric NOT NULL DEFAULT 0,
  source text NOT NULL DEFAULT 'seed',
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Exact pass and search prefix use the btree; trigram pass/search use the GIN index.
CREATE INDEX IF NOT EXISTS strains_canonical_name_idx ON strains (canonical_name text_pattern_ops);
CREATE INDEX IF NOT EXISTS strains_canonical_name_trgm ON strains USING gin (canonical_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS strains_type_idx ON strains (type);
CREATE INDEX IF NOT EXISTS strains_popularity_idx ON strains (popularity_score DESC, name);
CREATE INDEX IF NOT EXISTS strains_thc_idx ON strains (thc);
CREATE INDEX IF NOT EXISTS strains_dominant_terpene_idx ON strains (dominant_terpene);
CREATE INDEX IF NOT EXISTS strains_effects_gin ON strains USING gin (effects);
CREATE INDEX IF NOT EXISTS strains_aromas_gin ON strains USING gin (aromas);
CREATE INDEX IF NOT EXISTS strains_terpene_map_gin ON strains USING gin (terpene_map);

-- Every name a strain answers to (its own name and each aka), kept in step by a trigger so any
-- writer (import, seed, research approval) keeps aliases searchable and matchable.
CREATE TABLE IF NOT EXISTS strain_names (
  strain_id uuid NOT NULL REFERENCES strains (id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  is_alias boolean NOT NULL DEFAULT false,
  PRIMARY KEY (strain_id, name)
);
CREATE INDEX IF NOT EXISTS strain_names_name_idx ON strain_names (name text_pattern_ops);
CREATE INDEX IF NOT EXISTS strain_names_slug_idx ON strain_names (slug);
CREATE INDEX IF NOT EXISTS strain_names_trgm ON strain_names USING gin (name gin_trgm_ops);

-- Where a strain's facts came from: a named source (seed, an import file, research) and, when
-- known, its URL (statistics by domain).
CREATE TABLE IF NOT EXISTS strain_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  strain_id uuid NOT NULL REFERENCES strains (id) ON DELETE CASCADE,
  source text NOT NULL,
  url text,
  domain text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS strain_sources_unique ON strain_sources (strain_id, source, coalesce(url, ''));
CREATE INDEX IF NOT EXISTS strain_sources_domain_idx ON strain_sources (domain);

-- Every strain name known, profiled or not.
CREATE TABLE IF NOT EXISTS strain_universe (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  canonical_name text NOT NULL,
  type text,
  sources text[] NOT NULL DEFAULT '{}',
  strain_id uuid REFERENCES strains (id) ON DELETE SET NULL,
  completeness numeric NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS strain_universe_canonical_idx ON strain_universe (canonical_name);
CREATE INDEX IF NOT EXISTS strain_universe_trgm ON strain_universe USING gin (canonical_name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS strain_universe_strain_idx ON strain_universe (strain_id);

-- Completeness of a catalog profile: the share of the ten profile facts present.
CREATE OR REPLACE FUNCTION strain_completeness(s strains) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT round((
      (s.type IS NOT NULL)::int + (s.thc IS NOT NULL)::int + (s.cbd IS NOT NULL)::int
    + (jsonb_array_length(s.terpenes) > 0)::int + (cardinality(s.effects) > 0)::int
    + (cardinality(s.negatives) > 0)::int + (s.helps_with <> '{}'::jsonb)::int
    + (cardinality(s.aromas) > 0)::int + (cardinality(s.parents) > 0)::int
    + (coalesce(s.description, '') <> '')::int
  )::numeric / 10, 2)
$$;

CREATE OR REPLACE FUNCTION strains_sync_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM strain_names WHERE strain_id = NEW.id;
  INSERT INTO strain_names (strain_id, name, slug, is_alias)
  SELECT NEW.id, n, trim(both '-' from regexp_replace(n, '[^a-z0-9]+', '-', 'g')), n <> NEW.canonical_name
  FROM (SELECT DISTINCT lower(trim(x)) AS n FROM unnest(array_prepend(NEW.canonical_name, NEW.akas)) AS x) names
  WHERE n <> ''
  ON CONFLICT DO NOTHING;
  INSERT INTO strain_universe (slug, name, canonical_name, type, sources, strain_id, completeness)
  VALUES (NEW.slug, NEW.name, NEW.canonical_name, NEW.type, ARRAY[NEW.source], NEW.id, strain_completeness(NEW))
  ON CONFLICT (slug) DO UPDATE SET
    name = EXCLUDED.name,
    canonical_name = EXCLUDED.canonical_name,
    type = coalesce(EXCLUDED.type, strain_universe.type),
    sources = CASE WHEN NEW.source = ANY (strain_universe.sources) THEN strain_universe.sources
                   ELSE strain_universe.sources || NEW.source END,
    strain_id = NEW.id,
    completeness = EXCLUDED.completeness,
    updated_at = now();
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS strains_sync_names_trg ON strains;
CREATE TRIGGER strains_sync_names_trg AFTER INSERT OR UPDATE ON strains
  FOR EACH ROW EXECUTE FUNCTION strains_sync_names();
