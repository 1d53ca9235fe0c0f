import type { Metadata } from 'next';
import { ResearchQueue } from '@/components/admin/research-queue';

export const metadata: Metadata = { title: 'Research queue' };

export default function Page() {
  return <ResearchQueue />;
}
