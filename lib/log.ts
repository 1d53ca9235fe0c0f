import pino from 'pino';
import { appEnv, config } from '@/lib/config';

type Logger = pino.Logger;
const g = globalThis as unknown as { __ciLogger?: Logger; __ciAccess?: { for: Logger; log: Logger } };

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
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/**
 * stdout, buffered: a line joins a buffer written asynchronously once it holds LOG_BUFFER_BYTES
 * (and at least once a second), so no request waits on a blocking write to a slow pipe. The
 * buffer is flushed synchronously when the process exits. `LOG_BUFFER_BYTES=0`: one synchronous
 * write per line.
 */
function stdoutDestination(): pino.DestinationStream | undefined {
  const bytes = config().hotpath.logBufferBytes;
  if (bytes === 0) return undefined;
  const dest = pino.destination({ dest: 1, sync: false, minLength: bytes });
  const timer = setInterval(() => {
    try {
      dest.flush();
    } catch {
      /* not ready yet or already closed */
    }
  }, 1000);
  timer.unref();
  process.once('exit', () => {
    clearInterval(timer);
    try {
      dest.flushSync();
    } catch {
      /* a write in flight or nothing to write */
    }
  });
  return dest;
}

export function logger(): Logger {
  g.__ciLogger ??= createLogger(stdoutDestination());
  return g.__ciLogger;
}

/**
 * The per-request access line (lib/http/define-route.ts): same destination, level and format as
 * the process logger, without the redaction pass — its fields are fixed (request id, route
 * pattern, method, status, duration) and never carry a secret, and redaction was a third of the
 * line's cost on the hot path.
 */
export function accessLogger(): Logger {
  const main = logger();
  if (g.__ciAccess?.for !== main) {
    const stream = (main as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym];
    const log = pino({ level: main.level, base: { service: 'cannabis-intelligence-api' }, timestamp: pino.stdTimeFunctions.isoTime }, stream);
    g.__ciAccess = { for: main, log };
  }
  return g.__ciAccess.log;
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
