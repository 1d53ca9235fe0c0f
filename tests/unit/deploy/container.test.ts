import fs from 'node:fs';
import path from 'node:path';
import { validate, ValidationSeverity, type ValidatorSettings } from 'dockerfile-utils';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * Docker cannot run on this machine: the Dockerfile is linted with dockerfile-utils (the
 * validator behind the Dockerfile language server) with every rule an error, and its structure
 * is checked against what the image must be. The image's steps themselves run in the e2e run
 * (scripts/container/build-steps.sh assemble/verify on the same standalone output).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');
const dockerfile = read('Dockerfile');
const steps = read('scripts/container/build-steps.sh');

const STRICT: ValidatorSettings = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};

/** Instructions of each stage, continuation lines joined, comments dropped. */
function stages(src: string): { name: string; from: string; lines: string[] }[] {
  const joined = src
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: { name: string; from: string; lines: string[] }[] = [];
  for (const l of joined) {
    const m = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(l);
    if (m) out.push({ from: m[1], name: m[2] ?? '', lines: [] });
    else out.at(-1)?.lines.push(l);
  }
  return out;
}

describe('Dockerfile', () => {
  it('passes the linter with every rule as an error, and the linter does catch a broken file', () => {
    expect(validate(dockerfile, STRICT).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    const broken = 'from node:20\nCMD ["node", "a.js"]\nCMD ["node", "b.js"]\nWORKDIR app\nHEALTHCHECK CMD true\nHEALTHCHECK CMD true\n';
    expect(validate(broken, STRICT).length).toBeGreaterThanOrEqual(4);
  });

  it('is multi-stage on Debian slim: the runtime stage has Chromium and DejaVu fonts from Debian, a non-root user, the health check and the standalone server', () => {
    const [build, runtime] = stages(dockerfile);
    expect(build.name).toBe('build');
    expect(runtime.name).toBe('runtime');
    for (const s of [build, runtime]) expect(s.from).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim$/);
    const rt = runtime.lines.join('\n');
    expect(rt).toMatch(/RUN build-steps\.sh runtime-packages/);
    expect(steps).toMatch(/apt-get install -y --no-install-recommends chromium fonts-dejavu-core/);
    expect(rt).toMatch(/RUN .*runtime-user/);
    const user = /^USER\s+(\S+)/m.exec(rt)?.[1];
    expect(user).toBeTruthy();
    expect(user).not.toMatch(/^(root|0)$/);
    expect(steps).toMatch(new RegExp(`useradd .*${user}`));
    expect(rt).toMatch(/^COPY --from=build --chown=app:app \/out \.\/$/m);
    expect(rt).toMatch(/^HEALTHCHECK .*CMD \["node", "healthcheck\.cjs"\]$/m);
    expect(read('scripts/container/healthcheck.cjs')).toContain('/api/v1/health');
    expect(rt).toMatch(/^CMD \["node", "server\.js"\]$/m);
    expect(rt).toMatch(/CHROMIUM_PATH=\/usr\/bin\/chromium/);
    // data outside the image's code: the embedded database and stored files on the volume
    expect(rt).toMatch(/PGLITE_DIR=\/data\/pglite/);
    expect(rt).toMatch(/^VOLUME \["\/data"\]$/m);
  });

  it('runs only steps the build-steps script defines, and the build stage builds then assembles the runtime tree', () => {
    const used = [...dockerfile.replace(/\\\n/g, ' ').matchAll(/(?:RUN|&&)\s+\S*build-steps\.sh\s+([a-z-]+)/g)].map((m) => m[1]);
    expect(used).toEqual(['deps', 'build', 'assemble', 'runtime-packages', 'runtime-user']);
    for (const s of used) expect(steps).toMatch(new RegExp(`^  ${s}\\)$`, 'm'));
    expect(read('.dockerignore').split('\n')).toEqual(expect.arrayContaining(['node_modules', '.next', '.data', '.env']));
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as {
    services: Record<
      string,
      { build?: string; image?: string; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: { test: string[] } }
    >;
  };

  it('runs the service with PostgreSQL and Redis, started once both are healthy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'db', 'redis']);
    const api = compose.services.api;
    expect(api.build).toBe('.');
    expect(api.depends_on).toEqual({ db: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    expect(compose.services.db.image).toMatch(/^postgres:\d+/);
    expect(compose.services.redis.image).toMatch(/^redis:\d+/);
    for (const s of ['db', 'redis']) expect(compose.services[s].healthcheck?.test.join(' ')).toMatch(/pg_isready|redis-cli ping/);
  });

  it('points the service at them and requires the production secrets', () => {
    const env = compose.services.api.environment!;
    expect(new URL(env.DATABASE_URL.replace(/\$\{[^}]+\}/g, 'x')).hostname).toBe('db');
    expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    expect(env.TRUSTED_PROXY).toBeTruthy();
    for (const k of ['SUPABASE_JWT_SECRET', 'ADMIN_API_KEY']) expect(env[k]).toMatch(/^\$\{\w+:\?/);
  });
});
