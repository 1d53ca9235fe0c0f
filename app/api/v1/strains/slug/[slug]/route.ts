import { CDN, ApiError, defineRoute, ifNoneMatchHits, notModified, ok, route } from '@/lib/http';
import { NOT_MODIFIED } from '@/lib/meta/service';
import { catalogKeep } from '@/lib/strains/read-cache';
import { getSerializedStrainBySlug } from '@/lib/strains/service';
import { SlugParams, StrainSchema } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'lenient',
      params: SlugParams,
      summary: 'Strain detail by slug (ETag over the record; If-None-Match answers 304)',
      tags: ['strains'],
      cache: CDN.catalog,
      responses: NOT_MODIFIED,
      response: StrainSchema,
    },
    async ({ db, params, req }) => {
      // From memory under the current catalog version: the record, its JSON text and its tag;
      // replayable while that version is the checked one (taken before the read).
      const keep = catalogKeep(db);
      const hit = await getSerializedStrainBySlug(db, params.slug);
      if (!hit) throw ApiError.notFound('strain', params.slug);
      if (ifNoneMatchHits(req, hit.etag)) return notModified(hit.etag);
      return ok(hit.strain, { json: hit.json, headers: { etag: hit.etag }, keep });
    },
  ),
});
