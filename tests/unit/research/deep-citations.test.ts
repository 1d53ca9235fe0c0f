import { describe, expect, it } from 'vitest';
import { validateCitations, writeLocalReport, type ReportContext } from '@/lib/research/deep/report';

const sources = [
  { id: 'paper:russo-2011-taming-thc', title: 'Taming THC: potential cannabis synergy' },
  { id: 'strain:blue-dream', title: 'Blue Dream (catalog profile)' },
  { id: 'scan:run_abc', title: 'Menu scan: Green Leaf, 2026-11-20' },
];

describe('validateCitations', () => {
  it('keeps exact ids, mends near misses, drops the rest', () => {
    const out = validateCitations(
      [
        {
          heading: 'A',
          body: 'x',
          citations: ['paper:russo-2011-taming-thc', '[strain:blue-dream]', 'RUSSO-2011-TAMING-THC', 'paper:made-up-2099', 'Taming THC: potential cannabis synergy', 'run_abc'],
        },
      ],
      sources,
    );
    expect(out.sections[0].citations).toEqual(['paper:russo-2011-taming-thc', 'strain:blue-dream', 'scan:run_abc']);
    expect(out.dropped).toEqual(['paper:made-up-2099']);
    expect(out.repaired.map((r) => r.to)).toEqual(['strain:blue-dream', 'paper:russo-2011-taming-thc', 'paper:russo-2011-taming-thc', 'scan:run_abc']);
  });

  it('removes ids written into the text that name no source, and cites the real ones', () => {
    const out = validateCitations([{ heading: 'A', body: 'Shown in [paper:fake-1] and in [strain:blue-dream].', citations: [] }], sources);
    expect(out.sections[0].body).toBe('Shown in and in [strain:blue-dream].');
    expect(out.sections[0].citations).toEqual(['strain:blue-dream']);
    expect(out.dropped).toEqual(['paper:fake-1']);
  });
});

describe('the local report writer', () => {
  const ctx: ReportContext = {
    question: 'Does myrcene help with sleep?',
    focus: { strains: [], terpenes: ['myrcene'], cannabinoids: [], effects: ['sleep'] },
    sources: [
      { id: 'paper:a', kind: 'paper', title: 'Myrcene and sleep in mice', url: null, year: 2002, studyType: 'preclinical', facts: ['x'], about: ['myrcene', 'sleep'] },
      { id: 'paper:b', kind: 'paper', title: 'A sleep trial', url: null, year: 2020, studyType: 'clinical', facts: ['y', 'Abstract: text'], about: ['sleep'] },
    ],
  };

  it('writes every section from the sources and cites only them', () => {
    const r = writeLocalReport(ctx);
    const ids = new Set(ctx.sources.map((s) => s.id));
    for (const s of r.sections) for (const c of s.citations) expect(ids.has(c)).toBe(true);
    expect(r.sections[0].body).toContain('Myrcene and sleep in mice');
    expect(r.sections[0].body).toMatch(/\*\*Myrcene\*\*: 1 paper read addresses it \(1 preclinical\)/);
    expect(r.sections.find((s) => s.heading === 'Strength of the evidence')!.body).toContain('Controlled trials in people: “A sleep trial” (2020, clinical)');
    expect(r.summary).toContain('2 sources were read');
    // Deterministic.
    expect(writeLocalReport(ctx)).toEqual(r);
  });
});
