import type { Metadata } from 'next';
import { CuratedLists } from '@/components/admin/curated-lists';

export const metadata: Metadata = { title: 'Discover lists' };

export default function Page() {
  return <CuratedLists />;
}
