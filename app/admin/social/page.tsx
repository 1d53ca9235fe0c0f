import type { Metadata } from 'next';
import { SocialDrafts } from '@/components/admin/social-drafts';

export const metadata: Metadata = { title: 'Social drafts' };

export default function Page() {
  return <SocialDrafts />;
}
