import type { Metadata } from 'next';
import { ScanCache } from '@/components/admin/scan-cache';

export const metadata: Metadata = { title: 'Scan cache' };

export default function Page() {
  return <ScanCache />;
}
