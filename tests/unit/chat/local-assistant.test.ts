import { describe, expect, it } from 'vitest';
import { cleanName, decide, recognise } from '@/lib/chat/local-assistant';
import { CitationLedger } from '@/lib/chat/tools';

const ALL = new Set(['searchStrains', 'getStrain', 'recommendStrains', 'terpeneInfo', 'myNotebooks', 'searchPapers']);

describe('local assistant: intent recognition', () => {
  it.each([
    ['tell me about blu dreem', 'find', ['blu dreem']],
    ['What is Gorilla Glue?', 'find', ['Gorilla Glue']],
    ['Compare Sour Diesel vs OG Kush', 'compare', ['Sour Diesel', 'OG Kush']],
    ["what's the difference between Blue Dream and Granddaddy Purple", 'compare', ['Blue Dream', 'Granddaddy Purple']],
    ['recommend something for sleep', 'recommend', []],
    ['citrus, energetic, sativa please', 'recommend', []],
    ['What does limonene do?', 'terpene', []],
    ['explain terpenes', 'terpene', []],
    ['Is there research on myrcene and sleep?', 'papers', []],
    ['What did my last notebook say?', 'notebook', []],
    ['what was in my last order', 'notebook', []],
    ['hello', 'help', []],
  ])('%s → %s', (text, kind, names) => {
    const r = recognise(text);
    expect(r.kind).toBe(kind);
    if (names.length) expect(r.names).toEqual(names);
  });

  it('recognises photo readings before anything else', () => {
    const r = recognise('is this good for sleep?\nPhoto 1 (label, read by OCR): this label says Blue Dream, 24.1% THC. Catalog match: blue-dream (Blue Dream).');
    expect(r.kind).toBe('photo');
  });

  it('cleans names of lead-ins, articles and the word "strain"', () => {
    expect(cleanName('Can you tell me about the Blue Dream strain?')).toBe('Blue Dream');
    expect(cleanName('search for "OG Kush"')).toBe('OG Kush');
  });
});

describe('local assistant: tool-calling decisions', () => {
  it('calls a tool first, then writes only from the results in the prompt', () => {
    const first = decide([{ role: 'user', content: [{ type: 'text', text: 'tell me about zzz' }] }], ALL);
    expect(first).toEqual({ type: 'calls', calls: [{ toolName: 'searchStrains', input: { query: 'zzz', limit: 5 } }] });
    const after = decide(
      [
        { role: 'user', content: [{ type: 'text', text: 'tell me about zzz' }] },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'searchStrains', input: { query: 'zzz', limit: 5 } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'searchStrains', output: { type: 'json', value: { query: 'zzz', results: [] } } }] },
      ],
      ALL,
    );
    expect(after.type).toBe('text');
    expect(after.type === 'text' && after.text).toContain(`couldn't find a strain called "zzz"`);
  });

  it('never calls a tool the request did not offer', () => {
    const d = decide([{ role: 'user', content: [{ type: 'text', text: 'any studies on pinene?' }] }], new Set(['searchStrains']));
    expect(d.type).toBe('text');
    expect(d.type === 'text' && d.text).toContain("can't cite studies");
  });

  it('cites the returned records the answer names, else all returned', () => {
    const ledger = new CitationLedger();
    ledger.add({ kind: 'strain', id: 'blue-dream', title: 'Blue Dream' });
    ledger.add({ kind: 'strain', id: 'og-kush', title: 'OG Kush' });
    expect(ledger.citationsFor('**Blue Dream** is nice').map((c) => c.id)).toEqual(['blue-dream']);
    expect(ledger.citationsFor('nothing named').map((c) => c.id)).toEqual(['blue-dream', 'og-kush']);
  });
});
