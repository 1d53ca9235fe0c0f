import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { currentInstance } from '@/lib/tasks/instance';
import { findActiveByKey, insertRun } from '@/lib/tasks/store';
import type { AnyTaskDefinition, StartOptions, StartResult, TaskRunner } from '@/lib/tasks/types';

export const DEFAULT_TRIGGER_API_URL = 'https://api.trigger.dev';

type Sdk = typeof import('@trigger.dev/sdk');

/** The SDK loads only when this runner is used, so the local default never pulls it into a route. */
async function sdk(): Promise<Sdk> {
  return import('@trigger.dev/sdk');
}

async function clientConfig(): Promise<{ baseURL: string; accessToken: string; sdk: Sdk }> {
  const accessToken = config().tasks.triggerSecretKey;
  if (!accessToken) throw new ApiError('TRIGGER_UNAVAILABLE', 'TASK_RUNNER=trigger needs TRIGGER_SECRET_KEY');
  const baseURL = config().tasks.triggerApiUrl ?? DEFAULT_TRIGGER_API_URL;
  const s = await sdk();
  // The auth helpers read the global client; configure it from the current environment each time.
  s.configure({ baseURL, accessToken });
  return { baseURL, accessToken, sdk: s };
}

function unavailable(what: string, e: unknown): ApiError {
  logger().warn({ err: e instanceof Error ? e.message : String(e) }, `trigger.dev ${what} failed`);
  return new ApiError('TRIGGER_UNAVAILABLE', undefined, undefined, { cause: e });
}

/**
 * Trigger.dev v4 as the runner: the task runs on Trigger.dev's workers (trigger/*.ts), the server
 * side triggers it with an idempotency key and mints Trigger's public tokens. A mirror row in
 * `task_runs` holds the de-duplication claim in our database until the run's time limit passes
 * (the run's real state lives in Trigger.dev and reaches clients over its realtime API).
 */
export class TriggerRunner implements TaskRunner {
  readonly name = 'trigger' as const;

  constructor(private readonly db: () => Promise<Db>) {}

  async start(def: AnyTaskDefinition, payload: unknown, opts: StartOptions): Promise<StartResult> {
    const parsed = def.schema.safeParse(payload);
    if (!parsed.success) throw new ApiError('BAD_REQUEST', `Invalid input for task ${def.id}`, parsed.error.issues);
    const {
      sdk: { idempotencyKeys, tasks },
      ...cfg
    } = await clientConfig();
    const db = await this.db();
    if (opts.idempotencyKey) {
      const existing = await findActiveByKey(db, def.id, opts.idempotencyKey);
      if (existing) return { runId: existing.id, deduplicated: true };
    }
    const timeoutMs = def.timeoutMs ?? 0;
    let runId: string;
    try {
      // Global scope: the same domain + categories from any caller is the same scan.
      const key = opts.idempotencyKey ? await idempotencyKeys.create(opts.idempotencyKey, { scope: 'global' }) : undefined;
      const handle = await tasks.trigger(
        def.id,
        parsed.data,
        {
          idempotencyKey: key,
          // Only while a scan may still be running; afterwards a new scan may start.
          idempotencyKeyTTL: key && timeoutMs ? `${Math.ceil(timeoutMs / 1000) + 30}s` : undefined,
          tags: opts.tags?.slice(0, 10),
          maxDuration: timeoutMs ? Math.max(5, Math.ceil(timeoutMs / 1000)) : undefined,
        },
        { retry: { maxAttempts: 1 }, clientConfig: cfg },
      );
      runId = handle.id;
    } catch (e) {
      throw unavailable('trigger', e);
    }
    const inst = currentInstance();
    const row = await insertRun(db, {
      id: runId,
      taskIdentifier: def.id,
      runner: 'trigger',
      payload: parsed.data,
      idempotencyKey: opts.idempotencyKey ?? null,
      tags: opts.tags ?? [],
      ownerPid: inst.pid,
      ownerHost: inst.host,
      instanceId: inst.id,
      deadlineMs: timeoutMs ? timeoutMs + 30_000 : 15 * 60_000,
      timeoutCode: def.timeoutCode ?? null,
    });
    // Another request won the claim (Trigger.dev's idempotency gave both of us the same run).
    if (!row) return { runId: (await findActiveByKey(db, def.id, opts.idempotencyKey!))?.id ?? runId, deduplicated: true };
    return { runId, deduplicated: false };
  }

  async createRunToken(runId: string): Promise<string> {
    const { auth } = (await clientConfig()).sdk;
    try {
      return await auth.createPublicToken({ scopes: { read: { runs: [runId] } }, expirationTime: '1h' });
    } catch (e) {
      throw unavailable('createPublicToken', e);
    }
  }

  async createTriggerToken(taskId: string): Promise<string> {
    const { auth } = (await clientConfig()).sdk;
    try {
      return await auth.createTriggerPublicToken(taskId, { expirationTime: '10m' });
    } catch (e) {
      throw unavailable('createTriggerPublicToken', e);
    }
  }
}
