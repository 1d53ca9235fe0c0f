// The image's HEALTHCHECK (and the e2e run's readiness probe): GET /api/v1/health on this
// container's port; healthy when it answers 200 with a reachable database. Plain Node, no curl.
'use strict';
const port = process.env.PORT || '3001';
const url = `http://127.0.0.1:${port}/api/v1/health`;
fetch(url, { signal: AbortSignal.timeout(4000) })
  .then(async (res) => {
    const body = await res.json().catch(() => null);
    const ok = res.status === 200 && body && body.success === true && body.data && body.data.database && body.data.database.reachable === true;
    if (!ok) {
      process.stderr.write(`unhealthy: HTTP ${res.status} ${JSON.stringify(body && body.data ? body.data : body).slice(0, 300)}\n`);
      process.exit(1);
    }
    process.exit(0);
  })
  .catch((e) => {
    process.stderr.write(`unhealthy: ${e && e.message ? e.message : e}\n`);
    process.exit(1);
  });
