// Preloaded into the service by `npm run bench:api` only (node -r). On SIGUSR2 it writes the
// process's own memory split — V8 heap spaces, external memory, array buffers, RSS — to the file
// named by MEM_PROBE_FILE; when the file `<MEM_PROBE_FILE>.gc` exists and the process runs with
// --expose-gc, it collects fully first (what is live, as opposed to garbage not yet collected).
// Nothing runs between signals, so the probe costs the measured requests nothing.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload
const fs = require('node:fs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const v8 = require('node:v8');

const file = process.env.MEM_PROBE_FILE;
if (file) {
  const mb = (n) => Math.round((n / 1048576) * 10) / 10;
  process.on('SIGUSR2', () => {
    if (typeof globalThis.gc === 'function' && fs.existsSync(`${file}.gc`)) globalThis.gc();
    const m = process.memoryUsage();
    const spaces = {};
    for (const s of v8.getHeapSpaceStatistics()) spaces[s.space_name] = { size: mb(s.space_size), used: mb(s.space_used_size) };
    const report = { at: Date.now(), rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), spaces };
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
      fs.renameSync(`${file}.tmp`, file);
    } catch {
      /* the benchmark's temp dir is gone */
    }
  });
}
