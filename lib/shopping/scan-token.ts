import type { UserClaims } from '@/lib/auth';
import { ApiError } from '@/lib/errors';
import { startTask, taskRunner } from '@/lib/tasks';
import { findActiveByKey } from '@/lib/tasks/store';
import type { Queryable } from '@/lib/db';
import { getCachedScan } from '@/lib/shopping/repo';
import { platformDomain } from '@/lib/scrape/platforms';
import { personalizeCached } from '@/lib/shopping/personal';
import { categoriesHash, domainFor, scanKey } from '@/lib/shopping/domain';
import type { CachedScanRecord, ScanTaskInputParsed, ScanTokenRequest, ScanTokenResponse } from '@/lib/shopping/schemas';
import { SCAN_TASK_ID } from '@/lib/shopping/task';

/**
 * The cache and de-duplication key always comes from the menu URL, so nobody can file one site's
 * menu under another site's domain; a given `websiteDomain` must name the same domain.
 */
export function resolveDomain(req: Pick<ScanTokenRequest, 'menuUrls' | 'websiteDomain'>): string {
  const derived = domainFor(req.menuUrls[0]);
  // DECISIONS §12: on a menu-hosting platform the domain is the platform host plus the
  // dispensary's path; a given websiteDomain is the dispensary's own site and is accepted.
  if (platformDomain(req.menuUrls[0])) return derived;
  if (req.websiteDomain) {
    const given = normalizeDomainParam(req.websiteDomain);
    if (given !== derived) {
      throw new ApiError('BAD_REQUEST', `websiteDomain '${req.websiteDomain}' does not match the menu URL's domain '${derived}'`, {
        websiteDomain: req.websiteDomain,
        derivedDomain: derived,
      });
    }
  }
  return derived;
}

/** A domain as a user types it (`www.Shop.com`, `shop.com/`, `https://shop.com`) → the domain rule's form. */
export function normalizeDomainParam(raw: string): string {
  let s = raw.trim().toLowerCase();
  // A platform domain arrives URL-encoded as one route parameter (dutchie.com%2Fdispensary%2Fx).
  if (/%2f/i.test(s)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      // keep as given
    }
  }
  try {
    return domainFor(/^[a-z][a-z0-9+.-]*:\/\//.test(s) ? s : `http://${s}`);
  } catch {
    return s;
  }
}

export function taskInputFor(body: ScanTokenRequest, domain: string): ScanTaskInputParsed {
  return {
    dispensaryName: body.dispensaryName,
    websiteDomain: domain,
    menuUrls: body.menuUrls,
    categories: body.categories ?? [],
    userId: body.userId,
    forceRefresh: body.forceRefresh ?? false,
    useInteract: body.useInteract ?? false,
    ...(body.websiteDomain && platformDomain(body.menuUrls[0]) ? { dispensaryWebsite: normalizeDomainParam(body.websiteDomain) } : {}),
    ...(body.userContext ? { userContext: body.userContext } : {}),
  };
}

/**
 * POST /shopping/scan-token. Precedence (docs/contract.md §6): cache hit unless forceRefresh, then
 * de-duplication (also with forceRefresh), then start server-side or hand out a one-time token.
 */
export async function requestScanToken(db: Queryable, body: ScanTokenRequest, user: UserClaims): Promise<ScanTokenResponse> {
  if (body.userId !== user.sub) throw new ApiError('FORBIDDEN', 'userId does not match the authenticated user');
  const domain = resolveDomain(body);
  const hash = categoriesHash(body.categories);
  const base = { domain, dispensaryName: body.dispensaryName };

  if (!body.forceRefresh) {
    const hit = await getCachedScan(db, domain, hash);
    if (hit) {
      return {
        ...base,
        triggerToken: null,
        existingRunId: null,
        isCached: true,
        // Re-personalised for this caller: the cached record carries no one's tags (DECISIONS §12).
        cachedData: {
          website_domain: hit.website_domain,
          categories_hash: hit.categories_hash,
          scan_results: await personalizeCached(db, hit.scan_results, body.userContext),
          expires_at: hit.expires_at,
        },
      };
    }
  }

  const runner = taskRunner();
  const key = scanKey(domain, hash);
  const dedup = async (runId: string): Promise<ScanTokenResponse> => ({
    ...base,
    triggerToken: null,
    existingRunId: runId,
    publicAccessToken: await runner.createRunToken(runId),
    isCached: false,
    cachedData: null,
    categoriesHash: hash,
    message: 'A scan of this menu is already running; subscribe to it',
  });

  const active = await findActiveByKey(db, SCAN_TASK_ID, key);
  if (active) return dedup(active.id);

  if (body.triggerServerSide) {
    const { runId, deduplicated } = await startTask(SCAN_TASK_ID, taskInputFor(body, domain), { idempotencyKey: key, tags: [`domain:${domain}`.slice(0, 120)] });
    if (deduplicated) return dedup(runId);
    return {
      ...base,
      triggerToken: null,
      runId,
      existingRunId: null,
      publicAccessToken: await runner.createRunToken(runId),
      isCached: false,
      cachedData: null,
      categoriesHash: hash,
      message: 'Scan started; subscribe to the run for progress',
    };
  }

  return {
    ...base,
    triggerToken: await runner.createTriggerToken(SCAN_TASK_ID),
    existingRunId: null,
    isCached: false,
    cachedData: null,
    categoriesHash: hash,
    menuUrls: body.menuUrls,
    message: 'Start the scan with the trigger token and the task input',
  };
}

/** GET /shopping/scan/:domain/cached — expired entries count as absent. */
export async function cachedScanFor(db: Queryable, domainParam: string, hash?: string): Promise<CachedScanRecord> {
  const domain = normalizeDomainParam(domainParam);
  const hit = await getCachedScan(db, domain, hash);
  if (!hit) throw new ApiError('NOT_FOUND', `Cached scan not found: ${domainParam}`, { resource: 'cached scan', id: domainParam });
  return hit;
}
