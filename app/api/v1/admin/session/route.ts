import { z } from 'zod';
import { verifyAdminKey } from '@/lib/auth';
import {
  adminSessionCookie,
  adminSessionFromRequest,
  clearedAdminSessionCookie,
  createAdminSession,
  verifyAdminSession,
  ADMIN_SESSION_TTL_SECONDS,
} from '@/lib/auth/admin-session';
import { authFailure } from '@/lib/auth/flat';
import { defineRoute, route, ok } from '@/lib/http';

export const dynamic = 'force-dynamic';

const SessionState = z.object({ signedIn: z.boolean(), expiresAt: z.string().nullable() });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  /** Dashboard sign-in: exchanges the admin key for a signed httpOnly cookie (the key never reaches page scripts). */
  POST: defineRoute(
    {
      summary: 'Sign in to the admin dashboard (sets an httpOnly session cookie)',
      tags: ['admin'],
      auth: 'none',
      // Strict and keyed by address: this is the one place a guessed key can be tried.
      limit: 'strict',
      limitBy: 'ip',
      db: false,
      body: z.object({ key: z.string().min(1).max(512) }),
      response: SessionState,
    },
    async ({ body }) => {
      const session = createAdminSession();
      if (!session) throw authFailure(500, 'ADMIN_AUTH_NOT_CONFIGURED', 'Admin authentication is not configured on the server');
      if (!(await verifyAdminKey(body.key))) throw authFailure(401, 'ADMIN_AUTH_INVALID', 'Invalid admin key');
      return ok(
        { signedIn: true, expiresAt: session.expiresAt.toISOString() },
        { headers: { 'set-cookie': adminSessionCookie(session.value, ADMIN_SESSION_TTL_SECONDS), 'cache-control': 'no-store' } },
      );
    },
  ),
  /** Whether this browser holds a valid dashboard session. */
  GET: defineRoute({ summary: 'Admin dashboard session state', tags: ['admin'], auth: 'none', limit: 'lenient', db: false, response: SessionState }, async ({ req }) => {
    const value = adminSessionFromRequest(req);
    const signedIn = verifyAdminSession(value);
    const expiresAt = signedIn && value ? new Date(Number(value.split('.')[1])).toISOString() : null;
    return ok({ signedIn, expiresAt }, { headers: { 'cache-control': 'no-store' } });
  }),
  /** Sign out: expires the cookie. */
  DELETE: defineRoute({ summary: 'Sign out of the admin dashboard', tags: ['admin'], auth: 'none', limit: 'lenient', db: false, response: SessionState }, async () =>
    ok({ signedIn: false, expiresAt: null }, { headers: { 'set-cookie': clearedAdminSessionCookie(), 'cache-control': 'no-store' } }),
  ),
});
