/**
 * Chromium starts with the first scan that needs it and closes after SCRAPE_BROWSER_IDLE_MS with
 * no scan open (issue 15: idle memory). Its own memory (the browser's processes, apart from the
 * service's) is printed.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { browserAvailable, browserStats, closeBrowser, withScanContext } from '@/lib/scrape/browser';

process.env.SCRAPE_BROWSER_IDLE_MS = '300';
resetConfig();

/** RSS (MB) of this process's descendants: the browser's processes. */
function childrenRssMb(): number {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const kids = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (kids.has(ppid) && !kids.has(pid)) {
        kids.add(pid);
        grew = true;
      }
    }
  }
  kids.delete(process.pid);
  return Math.round(rows.filter(([pid]) => kids.has(pid)).reduce((a, [, , rss]) => a + rss, 0) / 1024);
}

afterAll(async () => {
  await closeBrowser();
  delete process.env.SCRAPE_BROWSER_IDLE_MS;
  resetConfig();
});

describe.runIf(browserAvailable())('browser: started when first needed, closed when idle', { timeout: 120_000 }, () => {
  it('not running before a scan, running during it, closed after the idle period', async () => {
    await closeBrowser();
    expect((await browserStats()).running).toBe(false);
    let during = 0;
    await withScanContext(async () => {
      expect((await browserStats()).running).toBe(true);
      during = childrenRssMb();
    });
    expect((await browserStats()).running).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await browserStats()).running).toBe(false);
    const after = childrenRssMb();
    console.log(`browser memory: ${during} MB in its own processes during a scan, ${after} MB after the idle close`);
    expect(after).toBeLessThan(during);
  });
});
