import type { Metadata } from 'next';
import { DiscoverIndex } from '@/components/content/discover-index';

export const metadata: Metadata = { title: 'Discover' };

export default function DiscoverPage() {
  return (
    <>
      <div className="page-head">
        <h1>Discover</h1>
        <p>
          Lists built from the catalog and what dispensaries carry: trending this week, newest, one per terpene family, high CBD, the most complete lab profiles, and editors’
          picks.
        </p>
      </div>
      <DiscoverIndex />
    </>
  );
}
