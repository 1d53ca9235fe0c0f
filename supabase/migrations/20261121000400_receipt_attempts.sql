-- Receipt parse attempts: the idempotency record behind `attemptId` (DECISIONS §5). A row is
-- claimed (status 'pending') before the engine runs, so concurrent retries with the same id wait
-- for that one reading instead of paying for a second model call; the finished result is stored
-- and answered again for every later retry. `image_sha256` tells a retry from a reused id.
CREATE TABLE IF NOT EXISTS receipt_attempts (
  user_id text NOT NULL,
  attempt_id text NOT NULL,
  image_sha256 text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  claim_token text NOT NULL,
  result jsonb,
  error jsonb,
  engine text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, attempt_id)
);

CREATE INDEX IF NOT EXISTS receipt_attempts_created_idx ON receipt_attempts (created_at);
