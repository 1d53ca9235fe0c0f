-- Task runs (local runner state, and mirror rows for runs started on Trigger.dev), the one-time
-- trigger tokens already spent, and the 4-hour scan cache. Everything two instances must agree
-- on lives here, never only in process memory.
CREATE TABLE IF NOT EXISTS task_runs (
  id text PRIMARY KEY,
  task_identifier text NOT NULL,
  status text NOT NULL DEFAULT 'QUEUED'
    CHECK (status IN ('QUEUED', 'EXECUTING', 'COMPLETED', 'FAILED', 'TIMED_OUT')),
  runner text NOT NULL DEFAULT 'local' CHECK (runner IN ('local', 'trigger')),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  metadata_version integer NOT NULL DEFAULT 0,
  output jsonb,
  error jsonb,
  idempotency_key text,
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- Which process owns an active run: a dead owner (same host, pid gone or reused by a newer
  -- instance) or a stale heartbeat (any host) marks the run FAILED instead of leaving it hanging.
  owner_pid integer,
  owner_host text,
  instance_id text,
  heartbeat_at timestamptz,
  deadline_at timestamptz,
  timeout_code text
);

-- At most one active run per (task, idempotency key): concurrent identical scan requests race on
-- this index (INSERT … ON CONFLICT DO NOTHING), so exactly one of them starts a run.
CREATE UNIQUE INDEX IF NOT EXISTS task_runs_active_idempotency
  ON task_runs (task_identifier, idempotency_key)
  WHERE idempotency_key IS NOT NULL AND status IN ('QUEUED', 'EXECUTING');
CREATE INDEX IF NOT EXISTS task_runs_created_idx ON task_runs (created_at DESC);
CREATE INDEX IF NOT EXISTS task_runs_active_idx ON task_runs (status) WHERE status IN ('QUEUED', 'EXECUTING');

CREATE TABLE IF NOT EXISTS task_trigger_tokens (
  jti text PRIMARY KEY,
  task_identifier text NOT NULL,
  run_id text,
  used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS scan_cache (
  website_domain text NOT NULL,
  categories_hash text NOT NULL,
  dispensary_name text NOT NULL,
  products_count integer NOT NULL DEFAULT 0,
  matched_count integer NOT NULL DEFAULT 0,
  unmatched_count integer NOT NULL DEFAULT 0,
  scan_results jsonb NOT NULL,
  run_id text,
  scanned_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_domain, categories_hash)
);
CREATE INDEX IF NOT EXISTS scan_cache_domain_expiry_idx ON scan_cache (website_domain, expires_at DESC);
