import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { NavLinks } from '@/components/nav-links';
import { ThemeToggle } from '@/components/theme-toggle';
import { SignOutButton } from '@/components/admin/sign-out-button';

const NAV = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/research', label: 'Research queue' },
  { href: '/admin/runs', label: 'Runs' },
  { href: '/admin/scan-cache', label: 'Scan cache' },
  { href: '/admin/blog', label: 'Blog images' },
  { href: '/admin/landing', label: 'Landing cards' },
  { href: '/admin/discover', label: 'Discover lists' },

  { href: '/admin/social', label: 'Social drafts' },
  { href: '/admin/hero-mascot', label: 'Hero & mascot' },
  { href: '/admin/rate-limits', label: 'Rate limits' },
];

export function AdminShell({ children, devOpen }: { children: ReactNode; devOpen: boolean }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="site-header admin-header">
        <div className="container">
          <Brand href="/admin" suffix="Admin" />
          <div className="header-tools">
            <ThemeToggle />
            {devOpen ? null : <SignOutButton />}
          </div>
          <NavLinks items={NAV} label="Admin" />
        </div>
      </header>
      <main id="main" className="container">
        {devOpen ? <p className="alert alert-info">Development mode with no ADMIN_API_KEY configured: admin checks are open.</p> : null}
        {children}
      </main>
    </>
  );
}
