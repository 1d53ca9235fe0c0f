import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DELETE as deleteConv, GET as getConv } from '@/app/api/v1/chat/conversations/[id]/route';
import { GET as listConv } from '@/app/api/v1/chat/conversations/route';
import { getDb } from '@/lib/db';
import { openPg } from '@/lib/db/pg';
import { config } from '@/lib/config';
import { ensureStory, storyGenerations } from '@/lib/stories/service';
import { findStory } from '@/lib/stories/repo';
import { authHeader, call } from '@/tests/helpers/route';
import { ask, messageText, send, toolParts } from '@/tests/api/chat/helpers';

// Conversations on real PostgreSQL: stored turns, the history the service loads, ownership, delete
// (messages go with their conversation), and one daily story across two database handles.
describe.runIf(Boolean(process.env.DATABASE_URL))('chat conversations on PostgreSQL', () => {
  it('stores turns, answers follow-ups from the stored history, keeps them private and deletes them whole', async () => {
    const sub = `it-chat-${randomUUID()}`;
    const id = randomUUID();
    const a = await ask(id, 'tell me about blu dreem', { sub });
    expect(messageText(a.message)).toContain('**Blue Dream**');
    const b = await ask(id, 'compare it with OG Kush', { sub });
    expect(
      toolParts(b.message)
        .filter((t) => t.type === 'tool-getStrain')
        .map((t) => t.input.slug),
    ).toEqual(['blue-dream', 'og-kush']);

    const own = await call(getConv, { path: `/api/v1/chat/conversations/${id}`, params: { id }, headers: await authHeader(sub) });
    expect(own.status).toBe(200);
    expect(own.body.data.messages).toHaveLength(4);
    expect(own.body.data.messages[3].metadata.citations.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['blue-dream', 'og-kush']));

    const list = await call(listConv, { path: '/api/v1/chat/conversations', headers: await authHeader(sub) });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([id]);

    const other = `${sub}-other`;
    expect((await call(getConv, { path: `/api/v1/chat/conversations/${id}`, params: { id }, headers: await authHeader(other) })).status).toBe(404);
    expect((await send(id, 'hi', { sub: other })).status).toBe(404);

    const del = await call(deleteConv, { method: 'DELETE', path: `/api/v1/chat/conversations/${id}`, params: { id }, headers: await authHeader(sub) });
    expect(del.status).toBe(200);
    const db = await getDb();
    const left = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1', [id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('generates one story for a day when two database handles (two instances) ask at once', async () => {
    const db = await getDb();
    const second = await openPg(process.env.DATABASE_URL!, { schema: config().database.schema, max: 2 });
    try {
      // A day no other test uses, far in the past of this schema.
      const date = `2001-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
      const before = storyGenerations();
      const [x, y] = await Promise.all([ensureStory(db, date), ensureStory(second, date)]);
      expect(x).toEqual(y);
      expect(storyGenerations() - before).toBe(1);
      expect(await findStory(db, date)).toEqual(x);
    } finally {
      await second.close();
    }
  });
});
