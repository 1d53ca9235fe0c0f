import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { DispensaryDetailSchema, updateDispensary } from '@/lib/dispensaries/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

const Body = z
  .object({
    name: text(1, 200).optional(),
    address: text(1, 500).nullable().optional(),
    website: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.address !== undefined || b.website !== undefined, { message: 'Nothing to change: give name, address or website' });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  PATCH: defineRoute(
    {
      auth: 'admin',
      params: z.object({ domain: text(1, 253) }),
      body: Body,
      summary: 'Correct a dispensary’s name (kept over later scans) and set its address and website',
      tags: ['admin', 'dispensaries'],
      response: DispensaryDetailSchema,
    },
    async ({ db, params, body }) => updateDispensary(db, params.domain, body),
  ),
});
