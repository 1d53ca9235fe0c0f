import type { Metadata } from 'next';
import { RecentRuns } from '@/components/admin/recent-runs';

export const metadata: Metadata = { title: 'Runs' };

export default function Page() {
  return <RecentRuns />;
}
