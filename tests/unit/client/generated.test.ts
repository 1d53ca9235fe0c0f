import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateClientFiles } from '@/scripts/client-gen';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the committed typed client matches the live API description', () => {
  it('regenerating from the route manifest (what GET /api/v1/openapi.json answers) changes no file', async () => {
    const files = await generateClientFiles();
    expect(Object.keys(files).sort()).toEqual(['packages/client/src/generated/api.ts', 'packages/client/src/generated/streams.ts']);
    for (const [rel, content] of Object.entries(files)) {
      const committed = fs.readFileSync(path.join(ROOT, rel), 'utf8');
      // A failure here means a route changed: run `npm run client:gen` and commit the result.
      expect(committed === content, `${rel} is out of date: run npm run client:gen`).toBe(true);
    }
  }, 60_000);

  it('every API route path of the description is a typed path of the client', async () => {
    const api = fs.readFileSync(path.join(ROOT, 'packages/client/src/generated/api.ts'), 'utf8');
    const { openApiDocument } = await import('@/scripts/client-gen');
    const doc = openApiDocument() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    for (const p of Object.keys(doc.paths)) expect(api).toContain(`"${p}": {`);
  }, 60_000);
});
