import { defineRoute } from '@/lib/http';
import { dailySync } from '@/lib/admin/daily-sync';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  {
    auth: 'cron',
    summary: 'Daily maintenance',
    description: 'Bearer CRON_SECRET. Purges expired scan-cache rows and stale runs, re-queues dead research runs, recomputes popularity; answers the counts.',
    tags: ['internal'],
  },
  async ({ db }) => dailySync(db),
);
