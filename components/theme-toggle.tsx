'use client';

import { useEffect, useState } from 'react';

type Theme = 'light' | 'dark' | 'system';
const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<Theme, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };

/** Cycles system → light → dark; the choice lives in localStorage and <html data-theme>. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => {
    const t = localStorage.getItem('theme');
    // Reading the stored choice after hydration keeps server and client markup identical.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (t === 'light' || t === 'dark') setTheme(t);
  }, []);
  function cycle() {
    const next = NEXT[theme];
    setTheme(next);
    if (next === 'system') {
      localStorage.removeItem('theme');
      delete document.documentElement.dataset.theme;
    } else {
      localStorage.setItem('theme', next);
      document.documentElement.dataset.theme = next;
    }
  }
  return (
    <button type="button" className="btn icon-btn" onClick={cycle} aria-label={`${LABEL[theme]} (click to change)`} title={LABEL[theme]}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        {theme === 'dark' ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        ) : theme === 'light' ? (
          <>
            <circle cx="12" cy="12" r="4.5" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
          </>
        )}
      </svg>
    </button>
  );
}
