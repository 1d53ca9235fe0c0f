/**
 * Print a user access token signed with SUPABASE_JWT_SECRET (development and tests).
 *   npm run token -- --user <id> [--tier premium|free] [--ttl 1h]
 */
import { parseArgs } from 'node:util';
import { loadEnvFiles } from '@/scripts/lib/env-file';

loadEnvFiles();
const { values } = parseArgs({
  options: { user: { type: 'string' }, tier: { type: 'string', default: 'free' }, ttl: { type: 'string', default: '1h' }, email: { type: 'string' } },
});

async function main() {
  if (!values.user) throw new Error('Usage: npm run token -- --user <id> [--tier premium] [--ttl 1h]');
  if (values.tier !== 'premium' && values.tier !== 'free') throw new Error('--tier must be premium or free');
  const { signUserToken, parseTtl } = await import('@/lib/auth/jwt');
  const { jwtSecret } = await import('@/lib/config');
  if (!jwtSecret()) throw new Error('SUPABASE_JWT_SECRET is not set (see .env.example)');
  const token = await signUserToken({ sub: values.user, tier: values.tier, ttlSeconds: parseTtl(values.ttl!), email: values.email });
  process.stdout.write(`${token}\n`);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
