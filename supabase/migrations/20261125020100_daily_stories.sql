-- Daily stories (DECISIONS §11): one row per UTC day, the same for every user. The primary key is
-- what makes "generated once" hold across instances (writers also serialise on an advisory lock).
CREATE TABLE IF NOT EXISTS daily_stories (
  story_date date PRIMARY KEY,
  strain_slug text NOT NULL,
  strain_name text NOT NULL,
  strain_type text,
  title text NOT NULL,
  body text NOT NULL,
  highlights jsonb NOT NULL DEFAULT '[]'::jsonb,
  image_url text,
  provider text NOT NULL,
  model text NOT NULL,
  generated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS daily_stories_slug_idx ON daily_stories (strain_slug, story_date DESC);
