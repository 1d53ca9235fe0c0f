import type { Metadata } from 'next';
import { StrainBrowser } from '@/components/strains/strain-browser';

export const metadata: Metadata = { title: 'Strains' };

export default function StrainsPage() {
  return (
    <>
      <div className="page-head">
        <h1>Strain catalog</h1>
        <p>Search by name as you type, or narrow the catalog by type, terpene, effect and THC range. Every result links to its complete profile.</p>
      </div>
      <StrainBrowser />
    </>
  );
}
