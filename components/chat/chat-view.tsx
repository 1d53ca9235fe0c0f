'use client';

import Link from 'next/link';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type FileUIPart } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { imageForApi } from '@/lib/client/image-file';
import { getUserSession } from '@/lib/client/session';
import type { ChatUIMessage, Citation } from '@/lib/chat/types';
import { Markdown } from '@/components/chat/markdown';
import type { z } from 'zod';
import type { ConversationSummarySchema } from '@/lib/chat/schemas';

const MAX_IMAGES = 4;
const MAX_CHARS = 4000;

type ConversationSummary = z.output<typeof ConversationSummarySchema>;

const TOOL_LABEL: Record<string, string> = {
  searchStrains: 'Searched the catalog',
  getStrain: 'Read a strain record',
  recommendStrains: 'Ranked recommendations',
  terpeneInfo: 'Looked up a terpene',
  myNotebooks: 'Opened your notebooks',
  searchPapers: 'Searched the paper library',
};

export function citationHref(c: Citation): string {
  if (c.kind === 'strain') return `/strains/${encodeURIComponent(c.id)}`;
  if (c.kind === 'paper') return `/research/papers/${encodeURIComponent(c.id)}`;
  return '/notebook';
}

/** A v4 UUID (crypto.randomUUID exists only in secure contexts; getRandomValues everywhere). */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function ChatView() {
  const [conversationId, setConversationId] = useState<string>(() => newId());
  const [conversations, setConversations] = useState<ConversationSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [files, setFiles] = useState<FileUIPart[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const transport = useMemo(
    () =>
      new DefaultChatTransport<ChatUIMessage>({
        api: '/api/v1/chat',
        headers: async (): Promise<Record<string, string>> => ({ authorization: `Bearer ${(await getUserSession()).token}` }),
        // The service keeps the history: send only the newest message.
        prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, message: messages.at(-1) } }),
      }),
    [],
  );
  const { messages, sendMessage, setMessages, status, error, stop } = useChat<ChatUIMessage>({ id: conversationId, transport });

  const [listVersion, setListVersion] = useState(0);
  const refreshList = useCallback(() => setListVersion((v) => v + 1), []);
  const settled = status === 'ready' || status === 'error';

  useEffect(() => {
    let live = true;
    getUserSession()
      .then((s) => apiData<ConversationSummary[]>('/chat/conversations', { token: s.token, query: { limit: 50 } }))
      .then(
        (list) => {
          if (!live) return;
          setConversations(list);
          setListError(null);
        },
        (e: unknown) => live && setListError(describeError(e)),
      );
    return () => {
      live = false;
    };
  }, [listVersion, settled]);

  async function open(id: string) {
    try {
      const token = (await getUserSession()).token;
      const c = await apiData<{ messages: ChatUIMessage[] }>(`/chat/conversations/${id}`, { token });
      setConversationId(id);
      setMessages(c.messages);
    } catch (e) {
      setListError(describeError(e));
    }
  }

  async function remove(id: string) {
    const token = (await getUserSession()).token;
    await apiData(`/chat/conversations/${id}`, { token, method: 'DELETE' }).catch((e: unknown) => setListError(describeError(e)));
    if (id === conversationId) startNew();
    refreshList();
  }

  function startNew() {
    setConversationId(newId());
    setMessages([]);
  }

  async function addFiles(list: FileList | null) {
    setFileError(null);
    const chosen = Array.from(list ?? []);
    if (files.length + chosen.length > MAX_IMAGES) setFileError(`At most ${MAX_IMAGES} photos per message.`);
    const room = chosen.slice(0, Math.max(0, MAX_IMAGES - files.length));
    try {
      const parts = await Promise.all(
        room.map(async (f) => {
          const img = await imageForApi(f);
          return { type: 'file' as const, mediaType: img.mediaType, url: img.previewUrl, filename: f.name };
        }),
      );
      setFiles((prev) => [...prev, ...parts].slice(0, MAX_IMAGES));
    } catch (e) {
      setFileError(describeError(e));
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const text = input.trim();
    if (!text || status === 'streaming' || status === 'submitted') return;
    void sendMessage({ text, files });
    setInput('');
    setFiles([]);
  }

  const busy = status === 'streaming' || status === 'submitted';

  return (
    <div className="split">
      <aside className="card" aria-label="Conversations">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2>Conversations</h2>
          <button type="button" className="btn btn-small" onClick={startNew}>
            New chat
          </button>
        </div>
        {listError && <p className="alert alert-error">{listError}</p>}
        {conversations === null ? (
          <p className="muted">Loading…</p>
        ) : conversations.length === 0 ? (
          <p className="muted">No conversations yet.</p>
        ) : (
          <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
            {conversations.map((c) => (
              <li key={c.id} className="row" style={{ justifyContent: 'space-between' }}>
                <button
                  type="button"
                  className="btn btn-small"
                  aria-current={c.id === conversationId ? 'true' : undefined}
                  onClick={() => void open(c.id)}
                  style={{ flex: 1, textAlign: 'left' }}
                >
                  {c.title || 'Untitled'} <span className="muted small">({c.messageCount})</span>
                </button>
                <button type="button" className="icon-btn" aria-label={`Delete conversation ${c.title}`} onClick={() => void remove(c.id)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

      <section className="card" aria-label="Chat">
        <div role="log" aria-live="polite" aria-busy={busy} className="stack">
          {messages.length === 0 && (
            <p className="muted">
              Ask about a strain (typos are fine), compare two, ask for a recommendation, a terpene, the research, your notebooks — or attach a photo of a label.
            </p>
          )}
          {messages.map((m) => (
            <article key={m.id} className="section-card" aria-label={m.role === 'user' ? 'You' : 'Assistant'}>
              <p className="label">{m.role === 'user' ? 'You' : 'Assistant'}</p>
              {m.parts.map((p, i) => {
                if (p.type === 'text') return <Markdown key={i} text={p.text} />;
                if (p.type === 'file' && p.mediaType.startsWith('image/'))
                  // eslint-disable-next-line @next/next/no-img-element -- a data URL of the user's own photo (or its stored preview)
                  return <img key={i} src={p.url} alt={p.filename ? `Attached photo ${p.filename}` : 'Attached photo'} className="preview-img" style={{ maxWidth: 160 }} />;
                if (p.type.startsWith('tool-')) {
                  const name = p.type.slice(5);
                  const state = (p as { state?: string }).state;
                  return (
                    <p key={i} className="muted small">
                      {TOOL_LABEL[name] ?? name}
                      {state === 'output-available' ? ' ✓' : state === 'output-error' ? ' (failed)' : '…'}
                    </p>
                  );
                }
                return null;
              })}
              {m.role === 'assistant' && (m.metadata?.citations?.length ?? 0) > 0 && (
                <nav aria-label="Sources" className="chips">
                  {m.metadata!.citations!.map((c) => (
                    <Link key={`${c.kind}:${c.id}`} href={citationHref(c)} className="chip">
                      {c.kind === 'paper' ? '📄 ' : c.kind === 'notebook' ? '📓 ' : ''}
                      {c.title}
                    </Link>
                  ))}
                </nav>
              )}
            </article>
          ))}
          {error && <p className="alert alert-error">{describeError(error)}</p>}
        </div>

        <form onSubmit={submit} aria-label="Send a message" className="stack" style={{ marginTop: '1rem' }}>
          <label htmlFor="chat-input">Message</label>
          <textarea id="chat-input" value={input} onChange={(e) => setInput(e.target.value)} maxLength={MAX_CHARS} rows={3} placeholder="Compare Blue Dream and OG Kush" />
          {files.length > 0 && (
            <ul className="row" aria-label="Attached photos" style={{ listStyle: 'none', padding: 0 }}>
              {files.map((f, i) => (
                <li key={i} style={{ position: 'relative' }}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- a data URL of the user's own photo */}
                  <img src={f.url} alt={`Photo ${i + 1} to send`} className="preview-img" style={{ width: 96, height: 96, objectFit: 'cover' }} />
                  <button type="button" className="icon-btn" aria-label={`Remove photo ${i + 1}`} onClick={() => setFiles((prev) => prev.filter((_, j) => j !== i))}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          {fileError && <p className="alert alert-error">{fileError}</p>}
          <div className="row">
            <label className="btn btn-small">
              Attach photos
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/*"
                multiple
                className="visually-hidden"
                onChange={(e) => void addFiles(e.target.files)}
                disabled={files.length >= MAX_IMAGES}
              />
            </label>
            <span className="muted small">
              {files.length}/{MAX_IMAGES} photos · {input.length}/{MAX_CHARS}
            </span>
            <span className="spacer" />
            {busy ? (
              <button type="button" className="btn" onClick={() => void stop()}>
                Stop
              </button>
            ) : (
              <button type="submit" className="btn btn-primary" disabled={!input.trim()}>
                Send
              </button>
            )}
          </div>
        </form>
      </section>
    </div>
  );
}
