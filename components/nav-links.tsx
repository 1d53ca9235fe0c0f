'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

export interface NavItem {
  href: string;
  label: string;
}

/** Navigation with aria-current on the active section. */
export function NavLinks({ items, label }: { items: NavItem[]; label: string }) {
  const path = usePathname() ?? '/';
  return (
    <nav className="nav" aria-label={label}>
      {items.map((it) => {
        const active = it.href === '/' || it.href === '/admin' ? path === it.href : path === it.href || path.startsWith(`${it.href}/`);
        return (
          <Link key={it.href} href={it.href} aria-current={active ? 'page' : undefined}>
            {it.label}
          </Link>
        );
      })}
    </nav>
  );
}
