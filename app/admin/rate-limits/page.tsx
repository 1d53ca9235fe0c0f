import type { Metadata } from 'next';
import { RateLimits } from '@/components/admin/rate-limits';

export const metadata: Metadata = { title: 'Rate limits' };

export default function Page() {
  return <RateLimits />;
}
