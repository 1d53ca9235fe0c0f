import { afterAll, beforeAll } from 'vitest';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';

/**
 * A round's fixture sites served for one describe block (started before its tests, closed after),
 * with the two reads every round's truth test makes: a site's page as the scanner first gets it
 * (redirects not followed) and the second loopback origin a page points at (frames, embeds, APIs).
 */
export function serveRoundSites(keys: () => string[]) {
  let server: MenuSitesServer | undefined;
  beforeAll(async () => {
    server = await startMenuSites({ keys: keys() });
  });
  afterAll(async () => server?.close());
  const served = () => {
    if (!server) throw new Error('the round sites are served only inside the describe block’s tests');
    return server;
  };
  return {
    site: (key: string) => served().site(key),
    get: async (key: string, path = '/menu') => (await fetch(new URL(path, served().site(key).url), { redirect: 'manual' })).text(),
    other: (html: string) => /http:\/\/127\.0\.0\.2:\d+/.exec(html)?.[0],
  };
}
