import type { Metadata } from 'next';
import { PaperDetail } from '@/components/research/paper-detail';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Paper ${decodeURIComponent(id)}` };
}

export default async function PaperPage({ params }: Props) {
  const { id } = await params;
  return <PaperDetail id={decodeURIComponent(id)} />;
}
