import { int, intOpt, oneOf, str, url } from '@/lib/config/define';

export const tasks = {
  title: 'Menu scans and tasks',
  vars: {
    runner: oneOf('TASK_RUNNER', ['local', 'trigger'], 'local', '`local` (in-process, runs kept in the database) or `trigger` (Trigger.dev)'),
    triggerSecretKey: str('TRIGGER_SECRET_KEY', 'Trigger.dev project secret (needed with `TASK_RUNNER=trigger`)', { secret: true }),
    triggerApiUrl: url('TRIGGER_API_URL', 'self-hosted Trigger.dev', { show: 'Trigger.dev cloud' }),
    triggerProjectRef: str('TRIGGER_PROJECT_REF', 'Trigger.dev project reference (read by `trigger.config.ts` when deploying the tasks)'),
    concurrency: int('TASK_CONCURRENCY', 2, 'local runner: tasks at once per process', { min: 1 }),
    heartbeatMs: int('TASK_HEARTBEAT_MS', 10_000, 'local runner liveness beat', { min: 1 }),
    staleMs: intOpt('TASK_STALE_MS', 'a run whose owner stopped beating this long is failed', { min: 1 }, '`max(60000, 6 × TASK_HEARTBEAT_MS)`'),
    streamPollMs: int('RUN_STREAM_POLL_MS', 250, 'how often the local run stream looks for changes', { min: 20 }),
    runRetentionDays: int('RUN_RETENTION_DAYS', 7, 'finished runs older than this are pruned by the daily sync', { min: 1 }),
    scanTimeoutMs: int('SCAN_TIMEOUT_MS', 120_000, 'a scan past this ends `TIMED_OUT` with `SCAN_TIMEOUT`', { min: 1 }),
    scanRecommendations: int('SCAN_RECOMMENDATIONS', 10, 'recommendations per scan', { min: 0, max: 100 }),
  },
} as const;
