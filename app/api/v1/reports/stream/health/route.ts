import { defineRoute, route } from '@/lib/http';
import { notebookHealth } from '@/lib/notebooks/availability';
import { NotebookHealthSchema } from '@/lib/notebooks/input';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  // Same facts as /notebooks/stream/health, in the standard envelope (docs/contract.md §3).
  GET: defineRoute(
    { summary: 'Report streaming health (envelope; data = the notebook health object)', tags: ['notebooks'], limit: 'lenient', db: false, response: NotebookHealthSchema },
    async () => notebookHealth(),
  ),
});
