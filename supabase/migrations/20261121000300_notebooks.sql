-- Saved notebooks (issue 4): every batch that reaches its end is stored for the user who ran it,
-- so `batch_complete.notebookId` can be fetched again with GET /api/v1/notebooks/:id.
CREATE TABLE IF NOT EXISTS notebooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL,
  request_id text NOT NULL,
  section_keys text[] NOT NULL,
  results jsonb NOT NULL DEFAULT '{}'::jsonb,
  errors jsonb NOT NULL DEFAULT '{}'::jsonb,
  computed jsonb NOT NULL DEFAULT '{}'::jsonb,
  order_input jsonb NOT NULL DEFAULT '{}'::jsonb,
  completed_sections integer NOT NULL,
  total_sections integer NOT NULL,
  provider text NOT NULL,
  model text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS notebooks_user_created_idx ON notebooks (user_id, created_at DESC);
