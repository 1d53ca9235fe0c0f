-- Research papers (GET /research/papers): bibliographic records with full-text search over the
-- title and abstract. Owned by lib/research/papers (repo.ts). Seeded from supabase/seed/papers.json.

CREATE TABLE IF NOT EXISTS papers (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,119}$'),
  title text NOT NULL,
  authors text[] NOT NULL DEFAULT '{}',
  year integer CHECK (year IS NULL OR year BETWEEN 1800 AND 2200),
  journal text,
  volume text,
  issue text,
  pages text,
  doi text,
  pmid text,
  url text,
  abstract text,
  study_type text CHECK (study_type IS NULL OR study_type IN ('review', 'clinical', 'preclinical', 'observational', 'analytical', 'other')),
  -- Topic labels as the record gives them (lower-case)…
  terpenes text[] NOT NULL DEFAULT '{}',
  cannabinoids text[] NOT NULL DEFAULT '{}',
  effects text[] NOT NULL DEFAULT '{}',
  -- …and the terpenes under the catalog's names (alpha-pinene → pinene), what filters match.
  terpene_keys text[] NOT NULL DEFAULT '{}',
  source text NOT NULL,
  -- Where the row came from: 'seed' or the import's source name.
  origin text NOT NULL DEFAULT 'seed',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(abstract, '')), 'B')
  ) STORED
);

CREATE INDEX IF NOT EXISTS papers_search ON papers USING gin (search);
CREATE INDEX IF NOT EXISTS papers_terpene_keys ON papers USING gin (terpene_keys);
CREATE INDEX IF NOT EXISTS papers_cannabinoids ON papers USING gin (cannabinoids);
CREATE INDEX IF NOT EXISTS papers_effects ON papers USING gin (effects);
CREATE INDEX IF NOT EXISTS papers_year ON papers (year DESC NULLS LAST, id);
CREATE UNIQUE INDEX IF NOT EXISTS papers_doi ON papers (lower(doi)) WHERE doi IS NOT NULL;
