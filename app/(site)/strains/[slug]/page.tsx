import type { Metadata } from 'next';
import { StrainProfile } from '@/components/strains/strain-profile';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: decodeURIComponent(slug).replace(/-/g, ' ') };
}

export default async function StrainPage({ params }: Props) {
  const { slug } = await params;
  return <StrainProfile slug={decodeURIComponent(slug)} />;
}
