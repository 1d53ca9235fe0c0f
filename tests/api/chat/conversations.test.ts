import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DELETE as deleteConv, GET as getConv } from '@/app/api/v1/chat/conversations/[id]/route';
import { GET as listConv } from '@/app/api/v1/chat/conversations/route';
import { ready } from '@/lib/bootstrap';
import { saveNotebook } from '@/lib/notebooks/repo';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { setVisionEngine } from '@/lib/vision/engine';
import { shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { authHeader, call } from '@/tests/helpers/route';
import { labelStyle, labelSvg, labelTruth } from '@/tests/fixtures/vision/labels';
import { rasterize } from '@/tests/fixtures/vision/render';
import { countingEngine } from '@/tests/api/vision/helpers';
import { ask, messageText, send, toolParts } from '@/tests/api/chat/helpers';

process.env.VISION_OCR_WORKERS = '1';

beforeAll(() => ready().then(() => undefined), 180_000);
beforeEach(() => setLimitStore(new MemoryStore()));
afterAll(async () => {
  setVisionEngine(null);
  await shutdownOcrPool();
});

const get = async (id: string, sub: string) => call(getConv, { path: `/api/v1/chat/conversations/${id}`, params: { id }, headers: await authHeader(sub) });

describe('conversations', () => {
  it('stores both turns, loads the history for a follow-up, lists newest first, and hides them from other users', async () => {
    const sub = `conv-${randomUUID()}`;
    const first = randomUUID();
    const a = await ask(first, 'tell me about Granddaddy Purple', { sub });
    expect(messageText(a.message)).toContain('**Granddaddy Purple**');
    // The follow-up names only one strain: "it" comes from the stored history, not the client.
    const b = await ask(first, 'compare it with Blue Dream', { sub });
    const compared = toolParts(b.message)
      .filter((t) => t.type === 'tool-getStrain')
      .map((t) => t.input.slug);
    expect(compared).toEqual(['granddaddy-purple', 'blue-dream']);

    const second = randomUUID();
    await ask(second, 'What does myrcene do?', { sub });

    const own = await get(first, sub);
    expect(own.status).toBe(200);
    expect(own.body.data.messageCount).toBe(4);
    expect(own.body.data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(own.body.data.messages[1].metadata.citations).toContainEqual({ kind: 'strain', id: 'granddaddy-purple', title: 'Granddaddy Purple' });
    expect(own.body.data.title).toBe('tell me about Granddaddy Purple');

    const list = await call(listConv, { path: '/api/v1/chat/conversations', headers: await authHeader(sub) });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([second, first]);
    expect(list.body.meta.pagination.total).toBe(2);

    const other = `${sub}-other`;
    expect((await get(first, other)).status).toBe(404);
    const otherList = await call(listConv, { path: '/api/v1/chat/conversations', headers: await authHeader(other) });
    expect(otherList.body.data).toEqual([]);
    // Another user posting into it, or deleting it: the same 404, nothing changes.
    const intrude = await send(first, 'hello', { sub: other });
    expect(intrude.status).toBe(404);
    expect(intrude.body.error.code).toBe('NOT_FOUND');
    const del = await call(deleteConv, { method: 'DELETE', path: `/api/v1/chat/conversations/${first}`, params: { id: first }, headers: await authHeader(other) });
    expect(del.status).toBe(404);
    expect((await get(first, sub)).body.data.messageCount).toBe(4);

    const ownDel = await call(deleteConv, { method: 'DELETE', path: `/api/v1/chat/conversations/${first}`, params: { id: first }, headers: await authHeader(sub) });
    expect(ownDel.status).toBe(200);
    expect((await get(first, sub)).status).toBe(404);
    expect((await get('not-a-uuid', sub)).status).toBe(404);
  });

  it("answers from the caller's saved notebook, and only the caller's", async () => {
    const { ready: r } = await import('@/lib/bootstrap');
    const db = await r();
    const sub = `nb-${randomUUID()}`;
    const id = await saveNotebook(db, {
      userId: sub,
      requestId: randomUUID(),
      sectionKeys: ['overview'],
      results: { overview: { headline: 'A relaxed evening haul', summary: 'Mostly myrcene-led indicas for winding down.' } },
      errors: {},
      computed: {},
      orderInput: { orderItems: [{ strainName: 'Granddaddy Purple', grams: 3.5, price: 40 }], orderMetadata: { dispensaryName: 'Green Leaf' } },
      completedSections: 1,
      totalSections: 1,
      provider: 'local',
      model: 'local-analyst',
    });
    const { message } = await ask(randomUUID(), 'What did my last notebook say?', { sub });
    expect(toolParts(message).map((t) => t.type)).toEqual(['tool-myNotebooks']);
    const text = messageText(message);
    expect(text).toContain('Granddaddy Purple 3.5 g ($40)');
    expect(text).toContain('Mostly myrcene-led indicas');
    expect(message.metadata?.citations).toContainEqual(expect.objectContaining({ kind: 'notebook', id }));

    const stranger = await ask(randomUUID(), 'What did my last notebook say?', { sub: `${sub}-x` });
    expect(messageText(stranger.message)).toContain('no saved notebooks');
    expect(stranger.message.metadata?.citations).toEqual([]);
  });

  it('reads a label photo with the local label engine and passes the fields to the model as text', { timeout: 120_000 }, async () => {
    const { engine, calls } = countingEngine();
    setVisionEngine(engine);
    // A generated label that names a strain (some name products only).
    const truth = Array.from({ length: 40 }, (_, i) => labelTruth(21 + i)).find((t) => t.strainName)!;
    const png = await rasterize(labelSvg(truth, { ...labelStyle(1, 'compact'), font: 'DejaVu Sans', size: 18, width: 720, dates: 'us', paper: '#ffffff', ink: '#111111' }), 'png');
    const sub = `photo-${randomUUID()}`;
    const conv = randomUUID();
    const { message } = await ask(conv, 'What is this?', { sub, files: [{ mediaType: 'image/png', url: `data:image/png;base64,${png.toString('base64')}` }] });
    expect(calls.label).toBe(1);
    const text = messageText(message);
    expect(text).toContain(`this label says ${truth.strainName}`);
    expect(text).toContain(`${truth.thcPct}% THC`);
    const tools = toolParts(message);
    expect(tools.length).toBeGreaterThan(0);
    expect(['tool-getStrain', 'tool-searchStrains']).toContain(tools[0].type);
    // Stored: a small preview instead of the photo, and what the engine read.
    const stored = await get(conv, sub);
    const user = stored.body.data.messages[0];
    expect(user.parts.find((p: { type: string }) => p.type === 'file').url).toMatch(/^data:image\/webp;base64,/);
    expect(user.metadata.photoReadings[0]).toMatch(/^Photo 1 \(label, read by OCR\)/);
  });
});
