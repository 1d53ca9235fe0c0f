import type { Metadata } from 'next';
import { LandingCards } from '@/components/admin/landing-cards';

export const metadata: Metadata = { title: 'Landing cards' };

export default function Page() {
  return <LandingCards />;
}
