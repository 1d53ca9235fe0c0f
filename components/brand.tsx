import Link from 'next/link';

/** Logo mark (inline SVG, decorative) and name. */
export function Brand({ href = '/', suffix }: { href?: string; suffix?: string }) {
  return (
    <Link href={href} className="brand">
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path
          d="M16 6c2.2 4 2.6 7.6 1.4 11 3-2.4 6.2-3.2 9.6-2.6-2.4 2.8-5.6 4.4-9.4 4.6 2.6 1 4.4 2.6 5.4 4.6-3.4.2-6-.8-7-3-1 2.2-3.6 3.2-7 3 1-2 2.8-3.6 5.4-4.6-3.8-.2-7-1.8-9.4-4.6 3.4-.6 6.6.2 9.6 2.6C13.4 13.6 13.8 10 16 6z"
          fill="var(--on-accent)"
        />
      </svg>
      <span>Cannabis Intelligence{suffix ? <span className="muted"> {suffix}</span> : null}</span>
    </Link>
  );
}
