-- Chat assistant (DECISIONS §11): a conversation belongs to one user; its messages are AI SDK UI
-- messages (parts as JSON), read back in `seq` order. Deleting a conversation deletes its messages.
CREATE TABLE IF NOT EXISTS chat_conversations (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  title text NOT NULL DEFAULT '',
  message_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS chat_conversations_user_idx ON chat_conversations (user_id, updated_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS chat_messages (
  seq bigserial PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  id text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  parts jsonb NOT NULL DEFAULT '[]'::jsonb,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (conversation_id, id)
);
CREATE INDEX IF NOT EXISTS chat_messages_conversation_idx ON chat_messages (conversation_id, seq);
