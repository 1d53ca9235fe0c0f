import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { implausibleReason } from '@/lib/research/plausibility';

// Real strain names from the shared reference data (read in place, never copied into the repo).
const DATA = path.resolve(process.cwd(), '..', 'shared', 'data', 'catalog');
const files = ['strains.csv', 'kushy-strain-names.csv'].map((f) => path.join(DATA, f)).filter((f) => fs.existsSync(f));

describe.runIf(files.length > 0)('plausibility rules on real strain names', () => {
  it.each(files)('rejects under 2 percent of %s, nearly all by the letter and profanity rules', (file) => {
    const rows = parse(fs.readFileSync(file), { columns: true }) as Array<{ name: string }>;
    const names = rows.map((r) => r.name).filter(Boolean);
    expect(names.length).toBeGreaterThan(1000);
    const rejected = names.map((n) => implausibleReason(n)).filter((r): r is NonNullable<typeof r> => r !== null);
    expect(rejected.length / names.length).toBeLessThan(0.02);
    // Never mistaken for web or e-mail addresses.
    expect(rejected.filter((r) => r === 'url' || r === 'email')).toEqual([]);
    // Short codes like G13 and profane-but-real names like "… Thunder Fuck" are what the
    // docs/contract.md §7 rules refuse; anything else stays a small minority.
    const other = rejected.filter((r) => r !== 'too_few_letters' && r !== 'profanity');
    expect(other.length / names.length).toBeLessThan(0.002);
  });
});
