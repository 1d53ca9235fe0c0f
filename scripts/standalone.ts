/**
 * Post-build step (`npm run build` runs it after `next build`): make `.next/standalone` a complete,
 * self-contained server directory.
 *
 * - Copies `public/` and `.next/static/`, which Next leaves out of the standalone output on purpose
 *   (they belong on a CDN) but which the service serves itself.
 * - Puts the service's entry hook (server/entry.cjs: the client's socket address, undecodable
 *   paths) in front of Next's generated server.js, so `node server.js` behaves like `npm start`.
 *
 * Idempotent: running it twice leaves the same tree. `--dir <path>` works on another standalone
 * directory (the container script runs it on its own copy).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ENTRY_MARKER = '// service entry hook (scripts/standalone.ts)';

export function finishStandalone(root = ROOT, dir = path.join(root, '.next', 'standalone')): { dir: string; copied: string[] } {
  const serverJs = path.join(dir, 'server.js');
  if (!fs.existsSync(serverJs)) throw new Error(`${serverJs} is missing: is output: 'standalone' set and did next build run?`);
  const copied: string[] = [];
  const copy = (from: string, to: string) => {
    if (!fs.existsSync(from)) return;
    fs.rmSync(to, { recursive: true, force: true });
    fs.cpSync(from, to, { recursive: true });
    copied.push(path.relative(root, from));
  };
  copy(path.join(root, 'public'), path.join(dir, 'public'));
  copy(path.join(root, '.next', 'static'), path.join(dir, '.next', 'static'));

  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.copyFileSync(path.join(root, 'server', 'entry.cjs'), path.join(dir, 'server', 'entry.cjs'));
  const source = fs.readFileSync(serverJs, 'utf8');
  if (!source.startsWith(ENTRY_MARKER)) {
    // First line of the file: the hook must patch http.createServer before Next's server loads.
    fs.writeFileSync(serverJs, `${ENTRY_MARKER}\nrequire('./server/entry.cjs');\n${source}`);
  }
  return { dir, copied };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const i = process.argv.indexOf('--dir');
  const { dir, copied } = finishStandalone(ROOT, i > 0 ? path.resolve(process.argv[i + 1]) : undefined);
  console.log(`standalone: ${path.relative(ROOT, dir) || dir} ready (copied ${copied.join(', ') || 'nothing'}; entry hook in server.js)`);
}
