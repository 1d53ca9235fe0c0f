import { z } from 'zod';
import { defineRoute, ok } from '@/lib/http';
import { catalogStats } from '@/lib/strains/catalog';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  {
    summary: 'Catalog statistics: totals by type, terpene profiles, universe size, source URL statistics (30-minute cache)',
    tags: ['strains'],
    response: z.object({ total: z.number(), byType: z.record(z.string(), z.number()) }).passthrough(),
  },
  async ({ db }) => {
    const { data, cached } = await catalogStats(db);
    return ok(data, { headers: { 'X-Cache': cached ? 'HIT' : 'MISS', 'Cache-Control': 'public, s-maxage=1800' } });
  },
);
