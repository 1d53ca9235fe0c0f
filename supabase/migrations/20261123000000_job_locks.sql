-- Single-flight jobs (cron, pipeline, backfill): who holds each job and since when, so a second
-- concurrent call can answer "already running since …". The lock itself is a PostgreSQL advisory
-- lock held by the running job's connection (released if that connection dies).
CREATE TABLE IF NOT EXISTS job_locks (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  holder text NOT NULL
);
