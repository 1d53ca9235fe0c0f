import type { ReactNode } from 'react';

export const metadata = { title: 'Cannabis Intelligence API', description: 'Strain catalog, notebooks, scans and research.' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
