import { bool, str, url } from '@/lib/config/define';

export const auth = {
  title: 'Identity and keys',
  vars: {
    jwtSecret: str('SUPABASE_JWT_SECRET', 'HS256 secret that verifies user access tokens', { show: 'a development-only value in development', secret: true }),
    supabaseUrl: url('SUPABASE_URL', 'without a JWT secret, tokens are verified against `${SUPABASE_URL}/auth/v1/.well-known/jwks.json`; also Supabase Storage'),
    tokenSigningSecret: str('TOKEN_SIGNING_SECRET', 'signs the run-scoped and one-time scan tokens this service mints', { show: '`SUPABASE_JWT_SECRET`', secret: true }),
    adminApiKey: str('ADMIN_API_KEY', '`X-Admin-Key` and the dashboard sign-in; unset in production → 500 `ADMIN_AUTH_NOT_CONFIGURED`', { secret: true }),
    adminBypassKey: str('ADMIN_BYPASS_KEY', 'a second accepted admin key (remote device testing)', { secret: true }),
    apiKey: str('API_KEY', 'bearer secret for `/admin/backfill`, `/admin/trigger`, `/trigger/pipeline`', { secret: true }),
    cronSecret: str('CRON_SECRET', 'bearer secret for `/cron/*`, `/trigger/pipeline`', { secret: true }),
    allowLocalhostBypass: bool(
      'ALLOW_LOCALHOST_BYPASS',
      false,
      "in production, let a `localhost`/`127.0.0.1` Host header skip admin/bearer checks and rate limits (the specification's rule; off because Host is client-controlled)",
    ),
  },
} as const;
