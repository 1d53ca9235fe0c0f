import { defineRoute } from '@/lib/http';
import { notebookHealth } from '@/lib/notebooks/availability';
import { NotebookHealthSchema } from '@/lib/notebooks/input';

export const dynamic = 'force-dynamic';

// Same facts as /notebooks/stream/health, in the standard envelope (DECISIONS §3).
export const GET = defineRoute(
  { summary: 'Report streaming health (envelope; data = the notebook health object)', tags: ['notebooks'], limit: 'lenient', db: false, response: NotebookHealthSchema },
  async () => notebookHealth(),
);
