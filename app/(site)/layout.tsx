import Link from 'next/link';
import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { NavLinks } from '@/components/nav-links';
import { ThemeToggle } from '@/components/theme-toggle';

const NAV = [
  { href: '/strains', label: 'Strains' },
  { href: '/discover', label: 'Discover' },
  { href: '/dispensaries', label: 'Dispensaries' },
  { href: '/notebook', label: 'Notebook' },
  { href: '/shop', label: 'Menu scan' },
  { href: '/scan', label: 'Receipts & labels' },
  { href: '/research', label: 'Research' },
  { href: '/research/papers', label: 'Papers' },
  { href: '/research/deep', label: 'Deep research' },
  { href: '/chat', label: 'Assistant' },
  { href: '/stories', label: 'Stories' },
];

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container">
          <Brand />
          <NavLinks items={NAV} label="Main" />
          <div className="header-tools">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="container">
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <span>Cannabis Intelligence API · v1 demo</span>
          <span className="row">
            <Link href="/docs">API reference</Link>
            <Link href="/admin">Admin</Link>
          </span>
        </div>
      </footer>
    </>
  );
}
