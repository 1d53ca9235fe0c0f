/** Request and response shapes of the chat routes (DECISIONS §11 "Chat assistant"). */
import { z } from 'zod';
import { sniffMediaType } from '@/lib/vision/media-type';

export const MAX_TEXT_CHARS = 4_000;
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const CHAT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Four images of 8 MiB as base64 (4/3) plus the JSON around them. */
export const CHAT_MAX_BODY_BYTES = Math.ceil((MAX_IMAGES * MAX_IMAGE_BYTES * 4) / 3) + 256 * 1024;
/** Stored history the model sees (the newest message comes on top). */
export const HISTORY_LIMIT = 20;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const TextPart = z.object({ type: z.literal('text'), text: z.string().max(MAX_TEXT_CHARS + 1) });
const FilePart = z.object({
  type: z.literal('file'),
  mediaType: z.string().max(100),
  filename: z.string().max(255).optional(),
  url: z.string().max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100),
});
// Parts the client keeps for itself (step markers) are accepted and dropped.
const OtherPart = z.object({ type: z.enum(['step-start']) });

export interface DecodedImage {
  mediaType: (typeof CHAT_MEDIA_TYPES)[number];
  bytes: Buffer;
  base64: string;
  filename?: string;
}

/** A data URL `data:<type>;base64,<payload>` → its bytes; null for anything else. */
export function decodeDataUrl(url: string): { mediaType: string; base64: string; bytes: Buffer } | null {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[a-z0-9=.+-]+)*;base64,/i.exec(url);
  if (!m) return null;
  const base64 = url.slice(m[0].length);
  if (!base64.length || base64.length % 4 !== 0 || !BASE64.test(base64)) return null;
  return { mediaType: m[1].toLowerCase(), base64, bytes: Buffer.from(base64, 'base64') };
}

export const ChatMessageInput = z
  .object({
    id: z.string().min(1).max(100),
    role: z.literal('user'),
    parts: z
      .array(z.discriminatedUnion('type', [TextPart, FilePart, OtherPart]))
      .min(1)
      .max(12),
    metadata: z.unknown().optional(),
  })
  .superRefine((m, ctx) => {
    const chars = m.parts.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 0), 0);
    if (chars === 0) ctx.addIssue({ code: 'custom', path: ['parts'], message: 'The message needs text (1–4,000 characters)' });
    if (chars > MAX_TEXT_CHARS) ctx.addIssue({ code: 'custom', path: ['parts'], message: `The message text is ${chars} characters; at most ${MAX_TEXT_CHARS}` });
    let images = 0;
    m.parts.forEach((p, i) => {
      if (p.type !== 'file') return;
      images++;
      if (images > MAX_IMAGES) {
        if (images === MAX_IMAGES + 1) ctx.addIssue({ code: 'custom', path: ['parts', i], message: `At most ${MAX_IMAGES} images per message` });
        return;
      }
      if (!(CHAT_MEDIA_TYPES as readonly string[]).includes(p.mediaType)) {
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'mediaType'], message: `Images must be ${CHAT_MEDIA_TYPES.join(', ')}` });
        return;
      }
      const d = decodeDataUrl(p.url);
      if (!d) {
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'url'], message: 'Images must be base64 data URLs (data:image/…;base64,…)' });
        return;
      }
      if (d.mediaType !== p.mediaType) {
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'url'], message: `The data URL says ${d.mediaType}, the part says ${p.mediaType}` });
        return;
      }
      if (d.bytes.length > MAX_IMAGE_BYTES) {
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'url'], message: `An image may be at most ${MAX_IMAGE_BYTES} bytes` });
        return;
      }
      const sniffed = sniffMediaType(d.bytes);
      if (sniffed !== p.mediaType) {
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'url'], message: sniffed ? `The image is ${sniffed}, not ${p.mediaType}` : 'The data is not a JPEG, PNG or WebP image' });
      }
    });
  });
export type ChatMessageInput = z.infer<typeof ChatMessageInput>;

export const ChatBody = z.object({
  id: z.uuid(),
  message: ChatMessageInput,
});
export type ChatBody = z.infer<typeof ChatBody>;

export const CitationSchema = z.object({ kind: z.enum(['strain', 'paper', 'notebook']), id: z.string(), title: z.string() });

export const ConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ConversationSchema = ConversationSummarySchema.extend({
  messages: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['user', 'assistant', 'system']),
      parts: z.array(z.looseObject({ type: z.string() })),
      metadata: z.looseObject({ citations: z.array(CitationSchema).optional() }).optional(),
    }),
  ),
});

/** The images of a validated message, decoded. */
export function imagesOf(m: ChatMessageInput): DecodedImage[] {
  const out: DecodedImage[] = [];
  for (const p of m.parts) {
    if (p.type !== 'file') continue;
    const d = decodeDataUrl(p.url);
    if (d) out.push({ mediaType: p.mediaType as DecodedImage['mediaType'], bytes: d.bytes, base64: d.base64, ...(p.filename ? { filename: p.filename } : {}) });
  }
  return out;
}

export const textOf = (parts: readonly { type: string; text?: string }[]) =>
  parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('\n')
    .trim();
