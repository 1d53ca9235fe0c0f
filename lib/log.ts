import pino from 'pino';
import { appEnv, config } from './config';

type Logger = pino.Logger;
const g = globalThis as unknown as { __ciLogger?: Logger };

/** Structured JSON logs. Secrets never reach a log line: known secret paths are redacted. */
export function createLogger(destination?: pino.DestinationStream, level?: string): Logger {
  return pino(
    {
      level: level ?? config().server.logLevel ?? (appEnv() === 'test' ? 'silent' : 'info'),
      base: { service: 'cannabis-intelligence-api' },
      redact: {
        paths: [
          'headers.authorization',
          'headers["x-admin-key"]',
          'headers.cookie',
          '*.token',
          '*.password',
          '*.apiKey',
          '*.secret',
          'token',
          'publicAccessToken',
          'triggerToken',
        ],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export function logger(): Logger {
  g.__ciLogger ??= createLogger();
  return g.__ciLogger;
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
