'use client';

import { useApi } from '@/lib/client/use-api';
import type { BlogPost } from '@/lib/images/schemas';
import { AdminPage, LoadState, findImageUrl } from '@/components/admin/admin-page';
import { ImageCard } from '@/components/admin/image-card';

type Post = BlogPost;

export function BlogImages() {
  const { data, error, loading } = useApi<Post[] | { posts: Post[] }>('/blog/posts');
  const posts = Array.isArray(data) ? data : (data?.posts ?? []);
  return (
    <AdminPage title="Blog images" intro="Preview the generation prompt for a post, generate its hero image and see the result.">
      <LoadState loading={loading && !data} error={error} empty={!loading && posts.length === 0}>
        <div className="grid grid-features">
          {posts.map((p) => (
            <ImageCard
              key={p.slug}
              testId="blog-post"
              title={p.title ?? p.slug}
              subtitle={p.excerpt}
              initialImage={findImageUrl(p)}
              preview={{ path: '/blog/generate-image/preview', query: { slug: p.slug } }}
              generate={{ path: '/blog/generate-image', body: { slug: p.slug } }}
            />
          ))}
        </div>
      </LoadState>
    </AdminPage>
  );
}
