import type { Metadata } from 'next';
import { HeroAndMascot } from '@/components/admin/hero-mascot';

export const metadata: Metadata = { title: 'Hero images & mascot' };

export default function Page() {
  return <HeroAndMascot />;
}
