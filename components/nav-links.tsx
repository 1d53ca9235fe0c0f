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
  // The longest matching item is the active one (/research/papers, not /research as well).
  const matches = (href: string) => (href === '/' || href === '/admin' ? path === href : path === href || path.startsWith(`${href}/`));
  const best = items.filter((it) => matches(it.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav className="nav" aria-label={label}>
      {items.map((it) => {
        const active = it.href === best;
        return (
          <Link key={it.href} href={it.href} aria-current={active ? 'page' : undefined}>
            {it.label}
          </Link>
        );
      })}
    </nav>
  );
}
