import fs from 'node:fs';
import path from 'node:path';

/**
 * Load `.env.local` then `.env` into process.env for CLI scripts (Next loads them for the server).
 * Existing variables win. Scripts run as development unless NODE_ENV says otherwise.
 */
export function loadEnvFiles(cwd = process.cwd()): void {
  for (const name of ['.env.local', '.env']) {
    const file = path.join(cwd, name);
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
      if (!m || line.trim().startsWith('#')) continue;
      let v = m[2];
      if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1);
      if (process.env[m[1]] === undefined) process.env[m[1]] = v;
    }
  }
  (process.env as Record<string, string | undefined>).NODE_ENV ??= 'development';
}
