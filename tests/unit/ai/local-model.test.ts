import { describe, expect, it } from 'vitest';
import { generateText, Output, streamText } from 'ai';
import { z } from 'zod';
import { contextBlock, createLocalModel, extractContext } from '@/lib/ai/local-model';

const schema = z.object({ greeting: z.string(), count: z.number() });
const write = ({ name, context }: { name: string | undefined; context: unknown }) => ({ greeting: `hello ${name}`, count: (context as { n: number }).n });

describe('local language model', () => {
  it('reads the context block and output name, streams JSON in fixed-size deltas', async () => {
    const model = createLocalModel({ write, chunkSize: 5 });
    const deltas: string[] = [];
    const result = streamText({
      model,
      prompt: `Say hi.\n${contextBlock({ n: 7 })}`,
      output: Output.object({ schema, name: 'welcome' }),
      onChunk: ({ chunk }) => {
        if (chunk.type === 'text-delta') deltas.push(chunk.text);
      },
    });
    const partials = [];
    for await (const p of result.partialOutputStream) partials.push(p);
    expect(await result.output).toEqual({ greeting: 'hello welcome', count: 7 });
    expect(deltas.join('')).toBe('{"greeting":"hello welcome","count":7}');
    expect(partials.length).toBeGreaterThan(2);
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(Math.ceil(deltas.join('').length / 4));
  });

  it('doStream emits stream-start, text-start, fixed-size text-deltas, text-end and finish with usage', async () => {
    const model = createLocalModel({ write, chunkSize: 5 });
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: contextBlock({ n: 3 }) }] }], responseFormat: { type: 'json', name: 'w' } });
    const parts = [];
    for await (const p of stream as unknown as AsyncIterable<{ type: string; delta?: string; usage?: { outputTokens: { total: number } } }>) parts.push(p);
    const types = parts.map((p) => p.type);
    expect(types.slice(0, 3)).toEqual(['stream-start', 'response-metadata', 'text-start']);
    expect(types.slice(-2)).toEqual(['text-end', 'finish']);
    const deltas = parts.filter((p) => p.type === 'text-delta').map((p) => p.delta!);
    expect(deltas.join('')).toBe('{"greeting":"hello w","count":3}');
    expect(deltas.slice(0, -1).every((d) => d.length === 5)).toBe(true);
    expect(parts.at(-1)!.usage!.outputTokens.total).toBe(Math.ceil(deltas.join('').length / 4));
  });

  it('doGenerate gives the same text', async () => {
    const model = createLocalModel({ write });
    const r = await generateText({ model, prompt: contextBlock({ n: 2 }), output: Output.object({ schema, name: 'x' }) });
    expect(r.output).toEqual({ greeting: 'hello x', count: 2 });
  });

  it('honours the abort signal mid-stream', async () => {
    const aborts: unknown[] = [];
    const model = createLocalModel({ write, chunkSize: 2, chunkDelayMs: 20, onAbort: (r) => aborts.push(r) });
    const ctrl = new AbortController();
    const result = streamText({ model, prompt: contextBlock({ n: 1 }), output: Output.object({ schema }), abortSignal: ctrl.signal, onError: () => {} });
    let seen = 0;
    await expect(
      (async () => {
        for await (const _ of result.partialOutputStream) {
          seen += 1;
          if (seen === 2) ctrl.abort(new Error('client gone'));
        }
      })(),
    ).rejects.toThrow('client gone');
    await expect(result.output).rejects.toThrow();
    expect(aborts).toHaveLength(1);
    expect(seen).toBeLessThan(10);
  });

  it('extractContext takes the last user message and tolerates garbage', () => {
    expect(extractContext([{ role: 'user', content: [{ type: 'text', text: `a ${contextBlock({ x: 1 })}` }] }])).toEqual({ x: 1 });
    expect(extractContext([{ role: 'user', content: [{ type: 'text', text: '<context>{nope</context>' }] }])).toBeNull();
    expect(extractContext([{ role: 'system', content: contextBlock({ x: 1 }) }])).toBeNull();
  });
});
