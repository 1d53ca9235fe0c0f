import type { Metadata } from 'next';
import { DispensaryDetail } from '@/components/content/dispensary-detail';

type Props = { params: Promise<{ domain: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { domain } = await params;
  return { title: decodeURIComponent(domain) };
}

export default async function DispensaryPage({ params }: Props) {
  const { domain } = await params;
  return <DispensaryDetail domain={decodeURIComponent(domain)} />;
}
