/**
 * POST /chat: load the stored history (last 20 messages), store the newest user message, run the
 * configured model with the grounded tools through `streamText`, and answer the AI SDK UI message
 * stream; the finished assistant message (tool parts, text, `metadata.citations`) is stored when
 * the stream ends.
 */
import { randomUUID } from 'node:crypto';
import { stepCountIs, streamText, type ModelMessage, type UserContent } from 'ai';
import type { Db } from '@/lib/db';
import { logger } from '@/lib/log';
import { catalogStats } from '@/lib/strains/service';
import { resolveChatModel } from '@/lib/chat/model';
import { papersPort } from '@/lib/chat/papers';
import { readPhotos, thumbnail } from '@/lib/chat/photos';
import { systemPrompt } from '@/lib/chat/prompt';
import { appendMessage, loadMessages, openConversation } from '@/lib/chat/repo';
import { HISTORY_LIMIT, imagesOf, textOf, type ChatBody } from '@/lib/chat/schemas';
import { chatTools, CitationLedger } from '@/lib/chat/tools';
import type { ChatMetadata, ChatUIMessage } from '@/lib/chat/types';

export const MAX_STEPS = 6;

export interface ChatContext {
  db: Db;
  userId: string;
  signal?: AbortSignal;
}

/** Stored messages → what the model reads of them: their words (and what earlier photos said). */
export function historyMessages(history: ChatUIMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const m of history) {
    const text = textOf(m.parts);
    if (m.role === 'user') {
      const photos = m.metadata?.photoReadings ?? [];
      const nImages = m.parts.filter((p) => p.type === 'file').length;
      const note = photos.length ? `\n${photos.join('\n')}` : nImages ? `\n(${nImages} photo${nImages > 1 ? 's' : ''} attached earlier)` : '';
      if (text || note) out.push({ role: 'user', content: `${text}${note}` });
    } else if (text) {
      out.push({ role: 'assistant', content: text });
    }
  }
  return out;
}

async function strainCount(db: Db): Promise<number | null> {
  try {
    const { data } = await catalogStats(db);
    return Number((data as { total?: number }).total ?? 0) || null;
  } catch {
    return null;
  }
}

export async function chatResponse(body: ChatBody, ctx: ChatContext): Promise<Response> {
  const { db, userId, signal } = ctx;
  const incoming = body.message;
  const text = textOf(incoming.parts);
  const images = imagesOf(incoming);
  const chosen = resolveChatModel({ images: images.length > 0 });

  await openConversation(db, body.id, userId, text.replace(/\s+/g, ' ').slice(0, 80));
  const history = await loadMessages(db, body.id, HISTORY_LIMIT);

  // Photos: image parts for a model that sees; the label/receipt engine's reading otherwise.
  const photoReadings = images.length && !chosen.vision ? await readPhotos(db, images, signal) : [];
  const createdAt = new Date().toISOString();
  const storedParts: ChatUIMessage['parts'] = [];
  for (const p of incoming.parts) {
    if (p.type === 'text') storedParts.push({ type: 'text', text: p.text });
  }
  for (const img of images) storedParts.push({ type: 'file', mediaType: 'image/webp', url: await thumbnail(img), ...(img.filename ? { filename: img.filename } : {}) });
  const userMessage: ChatUIMessage = { id: incoming.id, role: 'user', parts: storedParts, metadata: { createdAt, ...(photoReadings.length ? { photoReadings } : {}) } };
  await appendMessage(db, body.id, userMessage);

  const content: Exclude<UserContent, string> = [{ type: 'text', text: photoReadings.length ? `${text}\n${photoReadings.join('\n')}` : text }];
  if (chosen.vision) for (const img of images) content.push({ type: 'file', data: img.base64, mediaType: img.mediaType });
  const messages: ModelMessage[] = [...historyMessages(history.filter((m) => m.id !== incoming.id)), { role: 'user', content }];

  const papers = await papersPort(db);
  const ledger = new CitationLedger();
  const tools = chatTools({ db, userId, ledger, papers, signal });
  const result = streamText({
    model: chosen.model,
    system: systemPrompt({ strainCount: await strainCount(db), papers: Boolean(papers), vision: chosen.vision }),
    messages,
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    maxRetries: chosen.maxRetries,
    abortSignal: signal,
    // Through the service's logger (the SDK's default writes the whole error to the console).
    onError: ({ error }) => logger().warn({ err: error instanceof Error ? error.message : String(error), provider: chosen.provider }, 'chat: the model failed'),
  });

  let answer = '';
  const base: ChatMetadata = { provider: chosen.provider, model: chosen.modelId, createdAt };
  return result.toUIMessageStreamResponse<ChatUIMessage>({
    originalMessages: [userMessage],
    generateMessageId: () => `msg_${randomUUID()}`,
    messageMetadata: ({ part }) => {
      if (part.type === 'text-delta') answer += part.text;
      if (part.type === 'start') return base;
      if (part.type === 'finish') return { ...base, citations: ledger.citationsFor(answer) };
      return undefined;
    },
    onFinish: async ({ responseMessage, isAborted }) => {
      if (!responseMessage.parts.length) return;
      const metadata: ChatMetadata = { ...base, ...(responseMessage.metadata ?? {}), citations: responseMessage.metadata?.citations ?? ledger.citationsFor(answer) };
      try {
        await appendMessage(db, body.id, { ...responseMessage, role: 'assistant', metadata });
      } catch (e) {
        logger().error({ err: e instanceof Error ? e.message : String(e), isAborted }, 'chat: storing the answer failed');
      }
    },
    onError: (e) => {
      logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'chat stream error');
      return 'The assistant failed to answer; please try again.';
    },
  });
}
