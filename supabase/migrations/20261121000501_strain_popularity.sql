-- Popularity recomputation (POST /admin/backfill {job: "popularity"} and the daily cron) keeps
-- each strain's externally supplied score as its base and adds demand seen in menu scans, so the
-- job is idempotent: the same inputs always give the same score, however often it runs.
CREATE TABLE IF NOT EXISTS strain_popularity (
  strain_id uuid PRIMARY KEY REFERENCES strains (id) ON DELETE CASCADE,
  base_score numeric NOT NULL,
  -- The score this job last wrote; a different current score means an import changed it, and
  -- that new value becomes the base.
  computed_score numeric,
  menu_appearances integer NOT NULL DEFAULT 0,
  computed_at timestamptz NOT NULL DEFAULT now()
);
