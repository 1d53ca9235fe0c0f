import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import '@/app/globals.css';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2e7d4f"/><path d="M16 6c2.2 4 2.6 7.6 1.4 11 3-2.4 6.2-3.2 9.6-2.6-2.4 2.8-5.6 4.4-9.4 4.6 2.6 1 4.4 2.6 5.4 4.6-3.4.2-6-.8-7-3-1 2.2-3.6 3.2-7 3 1-2 2.8-3.6 5.4-4.6-3.8-.2-7-1.8-9.4-4.6 3.4-.6 6.6.2 9.6 2.6C13.4 13.6 13.8 10 16 6z" fill="#fff"/></svg>';

export const metadata: Metadata = {
  title: { default: 'Cannabis Intelligence API', template: '%s · Cannabis Intelligence' },
  description: 'Strain catalog, AI notebooks, menu scans, receipt parsing and research — one JSON API, with a live demo.',
  // Inline icon: no /favicon.ico request (and no 404 in the console) on any page.
  icons: { icon: `data:image/svg+xml,${encodeURIComponent(ICON)}` },
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f7f8f6' },
    { media: '(prefers-color-scheme: dark)', color: '#111511' },
  ],
};

// Applies the stored theme choice before first paint so a dark-mode reader never sees a light flash.
const themeScript = `try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
