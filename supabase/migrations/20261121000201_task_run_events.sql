-- Every metadata or status change of a run, in order, so a stream served by any instance can
-- deliver each change even when several land between two polls. Pruned with finished runs.
CREATE TABLE IF NOT EXISTS task_run_events (
  run_id text NOT NULL REFERENCES task_runs (id) ON DELETE CASCADE,
  version integer NOT NULL,
  status text NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, version)
);
