import type { Metadata } from 'next';
import { DispensaryIndex } from '@/components/content/dispensary-index';

export const metadata: Metadata = { title: 'Dispensaries' };

export default function DispensariesPage() {
  return (
    <>
      <div className="page-head">
        <h1>Dispensaries</h1>
        <p>Every dispensary whose menu has been scanned: platform, size of the menu, how much of it matches the catalog, and prices per gram.</p>
      </div>
      <DispensaryIndex />
    </>
  );
}
