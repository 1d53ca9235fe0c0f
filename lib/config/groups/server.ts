import { bool, int, oneOf, oneOfOpt, str } from '@/lib/config/define';

export const server = {
  title: 'Server',
  vars: {
    port: int('PORT', 3001, 'HTTP port for `dev` and `start`', { min: 1, max: 65535 }),
    nodeEnv: oneOf(
      'NODE_ENV',
      ['development', 'production', 'test'],
      'development',
      'set by Next (`dev`: development, `build`/`start`: production); `production` is fail-closed (secrets required, no stacks)',
    ),
    appEnv: oneOfOpt('APP_ENV', ['development', 'production', 'test'], "overrides `NODE_ENV` for the service's own rules (e.g. a production build run as `test`)", '`NODE_ENV`'),
    trustedProxy: str(
      'TRUSTED_PROXY',
      "where the client address comes from (per-IP rate limits): `vercel` (the platform's `x-vercel-forwarded-for`), `hops:N` (the address the N-th trusted proxy appended, counted from the right of `X-Forwarded-For`; the service's own entry appends the socket address and counts as the first, so one reverse proxy in front is `hops:2`), `none` (the socket's address). Required in production",
      {
        show: '`none` in development; required in production',
      },
    ),
    corsOrigins: str('CORS_ORIGINS', 'comma-separated origins allowed to call routes that take a user token or an admin key from a browser (public reads answer any origin)', {
      show: 'unset (no origin)',
    }),
    logLevel: oneOfOpt('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'pino log level', '`info` (`silent` in tests)'),
    demoSession: bool(
      'DEMO_SESSION',
      false,
      'lets `/api/v1/dev/session` hand out demo tokens in a test environment (`APP_ENV=test`); in production it always answers 404 (the e2e run mints its token with `npm run token`)',
    ),
    nextPhase: str('NEXT_PHASE', 'set by Next while building (`phase-production-build`)', { show: 'set by Next' }),
  },
} as const;
