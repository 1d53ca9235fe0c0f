import type { Metadata } from 'next';
import { DiscoverList } from '@/components/content/discover-list';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: decodeURIComponent(slug).replace(/-/g, ' ') };
}

export default async function DiscoverListPage({ params }: Props) {
  const { slug } = await params;
  return <DiscoverList slug={decodeURIComponent(slug)} />;
}
