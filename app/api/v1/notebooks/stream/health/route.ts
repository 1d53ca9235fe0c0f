import { defineRoute, route } from '@/lib/http';
import { notebookHealth } from '@/lib/notebooks/availability';
import { NotebookHealthSchema } from '@/lib/notebooks/input';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute({ summary: 'Notebook streaming health (flat body)', tags: ['notebooks'], limit: 'lenient', db: false, flat: true, response: NotebookHealthSchema }, async () =>
    Response.json(notebookHealth(), { headers: { 'Cache-Control': 'no-store' } }),
  ),
});
