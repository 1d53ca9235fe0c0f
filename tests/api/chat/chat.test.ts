import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as getStrain } from '@/app/api/v1/strains/slug/[slug]/route';
import { GET as getPaper } from '@/app/api/v1/research/papers/[id]/route';
import { POST as chatPost } from '@/app/api/v1/chat/route';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { authHeader, call } from '@/tests/helpers/route';
import { ask, messageText, pngDataUrl, send, toolParts, userMessage } from '@/tests/api/chat/helpers';
import { startWellInsideWindow } from '@/tests/helpers/limit-window';

beforeAll(() => ready().then(() => undefined), 180_000);
beforeEach(() => setLimitStore(new MemoryStore()));

describe('POST /chat: auth and limits', () => {
  it('answers 401 without a token and 403 INSUFFICIENT_PERMISSIONS to a free user', async () => {
    const none = await call(chatPost, { path: '/api/v1/chat', body: { id: randomUUID(), message: userMessage('hi') } });
    expect(none.status).toBe(401);
    const free = await send(randomUUID(), 'hi', { tier: 'free' });
    expect(free.status).toBe(403);
    expect(free.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect(free.body.error.details).toMatchObject({ requiredTier: 'premium', feature: 'chat' });
  });

  it('is on the strict tier: the 11th request in a minute is 429 with Retry-After', async () => {
    const headers = await authHeader('limit-user');
    await startWellInsideWindow();
    for (let i = 0; i < 10; i++) {
      const r = await call(chatPost, { path: '/api/v1/chat', headers, body: { id: randomUUID() } });
      expect(r.status).toBe(400);
      expect(r.headers.get('x-ratelimit-limit')).toBe('10');
    }
    const r = await call(chatPost, { path: '/api/v1/chat', headers, body: { id: randomUUID(), message: userMessage('hi') } });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /chat: bounds', () => {
  it('accepts 4 images and refuses a fifth with 400 VALIDATION_ERROR', async () => {
    const img = await pngDataUrl();
    const five = await send(randomUUID(), 'what are these?', { sub: 'bounds', files: Array.from({ length: 5 }, () => ({ mediaType: 'image/png', url: img })) });
    expect(five.status).toBe(400);
    expect(five.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(five.body.error.details)).toContain('At most 4 images');
  });

  it('refuses 4,001 characters and accepts 4,000', async () => {
    const long = await send(randomUUID(), 'a'.repeat(4001), { sub: 'bounds' });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('VALIDATION_ERROR');
    const ok = await send(randomUUID(), 'b'.repeat(4000), { sub: 'bounds' });
    expect(ok.status).toBe(200);
    await ok.response.body?.cancel();
  });

  it('refuses an empty message, a bad data URL and a wrong media type', async () => {
    const empty = await send(randomUUID(), '', { sub: 'bounds' });
    expect(empty.status).toBe(400);
    const bad = await send(randomUUID(), 'look', { sub: 'bounds', files: [{ mediaType: 'image/png', url: 'data:image/png;base64,@@not-base64@@' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const remote = await send(randomUUID(), 'look', { sub: 'bounds', files: [{ mediaType: 'image/png', url: 'https://example.com/a.png' }] });
    expect(remote.status).toBe(400);
    const png = await pngDataUrl();
    // PNG bytes declared as JPEG (both in the part and in the data URL).
    const wrong = await send(randomUUID(), 'look', { sub: 'bounds', files: [{ mediaType: 'image/jpeg', url: png.replace('image/png', 'image/jpeg') }] });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body.error.details)).toContain('image/png, not image/jpeg');
    const gif = await send(randomUUID(), 'look', { sub: 'bounds', files: [{ mediaType: 'image/gif', url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }] });
    expect(gif.status).toBe(400);
  });
});

describe('POST /chat: the local assistant, read back by the AI SDK client reader', () => {
  it('finds a strain despite typos through searchStrains → getStrain, and cites only returned records', async () => {
    const { message, response } = await ask(randomUUID(), 'tell me about blu dreem');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(message.role).toBe('assistant');
    const tools = toolParts(message);
    expect(tools.map((t) => t.type)).toEqual(['tool-searchStrains', 'tool-getStrain']);
    expect(tools.every((t) => t.state === 'output-available')).toBe(true);
    expect(tools[0].input).toMatchObject({ query: 'blu dreem' });
    expect(tools[1].input).toEqual({ slug: 'blue-dream' });
    const text = messageText(message);
    expect(text).toContain('**Blue Dream**');
    expect(text).toContain('THC 18%');
    const citations = message.metadata?.citations ?? [];
    expect(citations).toContainEqual({ kind: 'strain', id: 'blue-dream', title: 'Blue Dream' });
    // Every citation is a record a tool returned, and resolves to a real catalog record.
    const returned = new Set(tools.flatMap((t) => ((t.output.results as { slug: string }[] | undefined) ?? [t.output.strain as { slug: string }]).map((s) => s.slug)));
    for (const c of citations) {
      expect(c.kind).toBe('strain');
      expect(returned.has(c.id)).toBe(true);
      const r = await call(getStrain, { path: `/api/v1/strains/slug/${c.id}`, params: { slug: c.id } });
      expect(r.status).toBe(200);
      expect(r.body.data.name).toBe(c.title);
    }
  });

  it('compares two strains with a table from two getStrain results', async () => {
    const { message } = await ask(randomUUID(), 'Compare Sour Diesel vs OG Kush');
    const tools = toolParts(message);
    expect(tools.filter((t) => t.type === 'tool-searchStrains').map((t) => t.input.query)).toEqual(['Sour Diesel', 'OG Kush']);
    expect(tools.filter((t) => t.type === 'tool-getStrain').map((t) => t.input.slug)).toEqual(['sour-diesel', 'og-kush']);
    const text = messageText(message);
    expect(text).toContain('| THC | 20% | 20% |');
    expect(text).toMatch(/Sour Diesel leads with caryophyllene, OG Kush with myrcene/);
    expect(message.metadata?.citations?.map((c) => c.id)).toEqual(expect.arrayContaining(['sour-diesel', 'og-kush']));
  });

  it('recommends through recommendStrains and explains a terpene through terpeneInfo', async () => {
    const rec = await ask(randomUUID(), 'Can you recommend something for sleep with a berry taste?');
    expect(toolParts(rec.message).map((t) => t.type)).toEqual(['tool-recommendStrains']);
    const recs = (toolParts(rec.message)[0].output.results as { strain: { name: string; slug: string } }[]).map((r) => r.strain);
    expect(recs.length).toBeGreaterThan(0);
    expect(messageText(rec.message)).toContain(`**${recs[0].name}**`);
    expect(rec.message.metadata?.citations?.map((c) => c.id)).toEqual(expect.arrayContaining(recs.map((r) => r.slug)));

    const terp = await ask(randomUUID(), 'What does limonene do?');
    const t = toolParts(terp.message);
    expect(t.map((x) => x.type)).toEqual(['tool-terpeneInfo', 'tool-searchPapers']);
    expect(t[0].output).toMatchObject({ found: true, terpene: 'limonene' });
    expect(messageText(terp.message)).toContain('Citrus-scented terpene');
  });

  it('answers a greeting with what it can and cannot do, calling no tool', async () => {
    const { message } = await ask(randomUUID(), 'hi');
    expect(toolParts(message)).toEqual([]);
    expect(messageText(message)).toContain('I do not know store prices');
    expect(message.metadata?.citations).toEqual([]);
  });

  it('says so instead of inventing a strain the catalog does not have', async () => {
    const { message } = await ask(randomUUID(), 'tell me about Zqxwv Plorbnak');
    expect(toolParts(message)[0].type).toBe('tool-searchStrains');
    expect(messageText(message)).toMatch(/couldn't find a strain called "Zqxwv Plorbnak"/);
    expect(message.metadata?.citations).toEqual([]);
  });
});

describe('POST /chat: papers', () => {
  it('finds papers through searchPapers and cites only papers the tool returned, each resolving to a real paper', async () => {
    const { message } = await ask(randomUUID(), 'What research is there on myrcene?');
    const tools = toolParts(message);
    expect(tools.map((t) => t.type)).toEqual(['tool-searchPapers']);
    expect(tools[0].input).toMatchObject({ terpene: 'myrcene' });
    const returned = (tools[0].output.results as { id: string; title: string }[]).map((p) => p.id);
    expect(returned.length).toBeGreaterThan(0);
    const citations = message.metadata?.citations ?? [];
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) {
      expect(c.kind).toBe('paper');
      expect(returned).toContain(c.id);
      const r = await call(getPaper, { path: `/api/v1/research/papers/${c.id}`, params: { id: c.id } });
      expect(r.status).toBe(200);
      expect(r.body.data.title).toBe(c.title);
      expect(messageText(message)).toContain(c.title);
    }
  });
});
