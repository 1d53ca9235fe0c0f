import pino from 'pino';
import { appEnv, config } from '@/lib/config';
import { isoTime } from '@/lib/iso-time';
import { LineBatch } from '@/lib/log-batch';

type Logger = pino.Logger;
const g = globalThis as unknown as { __ciLogger?: Logger };

/** Structured JSON logs. Secrets never reach a log line: known secret paths are redacted. */
export function createLogger(destination?: pino.DestinationStream, level?: string): Logger {
  return pino(
    {
      level: level ?? config().server.logLevel ?? (appEnv() === 'test' ? 'silent' : 'info'),
      base: { service: 'cannabis-intelligence-api' },
      redact: {
        paths: ['headers.authorization', 'headers["x-admin-key"]', 'headers.cookie', '*.token', '*.password', '*.apiKey', '*.secret', 'token', 'publicAccessToken', 'triggerToken'],
        censor: '[redacted]',
      },
      // pino.stdTimeFunctions.isoTime's text, the date part made once per second
      timestamp: () => `,"time":"${isoTime()}"`,
    },
    destination,
  );
}

/**
 * stdout, buffered: lines collect in memory (lib/log-batch.ts) and go out in one asynchronous
 * write once they hold LOG_BUFFER_BYTES characters (and at least once a second), so no request
 * waits on a blocking write to a slow pipe. What is collected is written synchronously when the
 * process exits. `LOG_BUFFER_BYTES=0`: one synchronous write per line.
 */
function stdoutDestination(): pino.DestinationStream | undefined {
  const bytes = config().hotpath.logBufferBytes;
  if (bytes === 0) return undefined;
  // minLength 0: SonicBoom writes each batch as it gets it (or right after a write in flight).
  const batch = new LineBatch(pino.destination({ dest: 1, sync: false, minLength: 0 }), bytes, 1);
  const timer = setInterval(() => batch.flush(), 1000);
  timer.unref();
  process.once('exit', () => {
    clearInterval(timer);
    try {
      batch.flushSync();
    } catch {
      /* stdout closed */
    }
  });
  return batch;
}

export function logger(): Logger {
  g.__ciLogger ??= createLogger(stdoutDestination());
  return g.__ciLogger;
}

const SERVICE_JSON = ',"service":"cannabis-intelligence-api"';
const INFO_LEVEL = 30;

/**
 * The per-request access line (lib/http/define-route.ts): written by hand, straight to the process
 * logger's destination, in the line pino itself writes for `logger().info({ requestId, route,
 * method, status, durationMs }, 'request')` — same destination, level check and fields in the same
 * order (`{"level":30,"time":…,"service":…,"requestId":…,"route":…,"method":…,"status":…,
 * "durationMs":…,"msg":"request"}`; tests/unit/http/logging.test.ts compares the two). Its fields are
 * fixed and never carry a secret, so the redaction pass is not needed; pino's generic
 * serialisation, its timestamp function and the object it is handed were a third of the route
 * builder's own cost on a trivial route.
 */
export function accessLine(requestId: string, route: string, method: string, status: number, durationMs: number): void {
  const main = logger();
  if (!main.isLevelEnabled('info')) return;
  const stream = (main as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
  stream.write(
    `{"level":${INFO_LEVEL},"time":"${isoTime()}"${SERVICE_JSON},"requestId":${JSON.stringify(requestId)},"route":${JSON.stringify(route)},"method":${JSON.stringify(method)},"status":${status},"durationMs":${durationMs},"msg":"request"}\n`,
  );
}

/** Replace the process logger (tests capture output this way). */
export function setLogger(l: Logger | null): void {
  g.__ciLogger = l ?? undefined;
}

const warnedOnce = new Set<string>();
/** Log a warning once per key for the process lifetime (e.g. a failing optional store). */
export function warnOnce(key: string, obj: Record<string, unknown>, msg: string): void {
  if (warnedOnce.has(key)) return;
  warnedOnce.add(key);
  logger().warn(obj, msg);
}
