import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { AdminShell } from '@/components/admin/admin-shell';
import { SignInForm } from '@/components/admin/sign-in-form';
import { ADMIN_SESSION_COOKIE, verifyAdminSession } from '@/lib/auth/admin-session';
import { config, isDevelopment } from '@/lib/config';

export const metadata: Metadata = { title: { default: 'Admin', template: '%s · Admin' }, robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

/**
 * Every dashboard page sits behind the signed session cookie. The pages themselves only call
 * the public admin API (which accepts the same cookie); this check only decides what to render.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const jar = await cookies();
  const signedIn = verifyAdminSession(jar.get(ADMIN_SESSION_COOKIE)?.value);
  // Development with no key configured is fail-open (as the admin API is), so a fresh checkout can explore.
  const openDev = !signedIn && isDevelopment() && !config().auth.adminApiKey && !config().auth.adminBypassKey;
  if (!signedIn && !openDev) return <SignInForm />;
  return <AdminShell devOpen={openDev}>{children}</AdminShell>;
}
