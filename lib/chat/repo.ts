/** Chat storage: conversations and their UI messages (tables of migration 20261125020000). */
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { ChatUIMessage } from '@/lib/chat/types';

export interface ConversationSummary {
  id: string;
  title: string;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

interface ConversationRow {
  id: string;
  user_id: string;
  title: string;
  message_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  parts: unknown;
  metadata: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string) => new Date(d).toISOString();

function toSummary(r: ConversationRow): ConversationSummary {
  return { id: r.id, title: r.title, messageCount: Number(r.message_count), createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) };
}

export const conversationNotFound = (id: string) => ApiError.notFound('conversation', id);

/**
 * The conversation for `userId`, created on first use. An id another user owns answers the same
 * 404 as an unknown one (no existence leak). `created` says whether this call made it.
 */
export async function openConversation(db: Queryable, id: string, userId: string, title: string): Promise<{ conversation: ConversationSummary; created: boolean }> {
  const ins = await db.query<ConversationRow>(
    `INSERT INTO chat_conversations (id, user_id, title) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO NOTHING
     RETURNING id, user_id, title, message_count, created_at, updated_at`,
    [id, userId, title.slice(0, 120)],
  );
  if (ins.rows[0]) return { conversation: toSummary(ins.rows[0]), created: true };
  const r = await db.query<ConversationRow>('SELECT id, user_id, title, message_count, created_at, updated_at FROM chat_conversations WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  if (!r.rows[0]) throw conversationNotFound(id);
  return { conversation: toSummary(r.rows[0]), created: false };
}

export async function getConversation(db: Queryable, id: string, userId: string): Promise<ConversationSummary> {
  if (!UUID.test(id)) throw conversationNotFound(id);
  const r = await db.query<ConversationRow>('SELECT id, user_id, title, message_count, created_at, updated_at FROM chat_conversations WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  if (!r.rows[0]) throw conversationNotFound(id);
  return toSummary(r.rows[0]);
}

export async function listConversations(db: Queryable, userId: string, page: { limit: number; offset: number }): Promise<{ items: ConversationSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<ConversationRow>(
      `SELECT id, user_id, title, message_count, created_at, updated_at FROM chat_conversations
       WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_conversations WHERE user_id = $1', [userId]),
  ]);
  return { items: rows.rows.map(toSummary), total: Number(count.rows[0]?.n ?? 0) };
}

export async function deleteConversation(db: Queryable, id: string, userId: string): Promise<void> {
  if (!UUID.test(id)) throw conversationNotFound(id);
  const r = await db.query('DELETE FROM chat_conversations WHERE id = $1 AND user_id = $2', [id, userId]);
  if (r.rowCount === 0) throw conversationNotFound(id);
}

/** The last `limit` messages in order (oldest first); all of them when `limit` is null. */
export async function loadMessages(db: Queryable, conversationId: string, limit: number | null): Promise<ChatUIMessage[]> {
  const r = await db.query<MessageRow>(
    `SELECT id, role, parts, metadata FROM (
       SELECT seq, id, role, parts, metadata FROM chat_messages WHERE conversation_id = $1
       ORDER BY seq DESC LIMIT $2) m
     ORDER BY seq`,
    [conversationId, limit ?? 1_000_000],
  );
  return r.rows.map((m) => ({
    id: m.id,
    role: m.role,
    parts: (typeof m.parts === 'string' ? JSON.parse(m.parts) : m.parts) as ChatUIMessage['parts'],
    ...(m.metadata ? { metadata: (typeof m.metadata === 'string' ? JSON.parse(m.metadata) : m.metadata) as ChatUIMessage['metadata'] } : {}),
  }));
}

/**
 * Append a message; a message id already stored in this conversation (a client retry) is kept as
 * it was. Bumps the conversation's count and `updated_at`.
 */
export async function appendMessage(db: Queryable, conversationId: string, m: ChatUIMessage): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO chat_messages (conversation_id, id, role, parts, metadata) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
     ON CONFLICT (conversation_id, id) DO NOTHING`,
    [conversationId, m.id, m.role, JSON.stringify(m.parts), m.metadata === undefined ? null : JSON.stringify(m.metadata)],
  );
  if (r.rowCount === 0) return false;
  await db.query('UPDATE chat_conversations SET message_count = message_count + 1, updated_at = now() WHERE id = $1', [conversationId]);
  return true;
}
