import type { Metadata } from 'next';
import { BlogImages } from '@/components/admin/blog-images';

export const metadata: Metadata = { title: 'Blog images' };

export default function Page() {
  return <BlogImages />;
}
