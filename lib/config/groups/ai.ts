import { int, oneOf, oneOfOpt, str, url } from '@/lib/config/define';

export const ai = {
  title: 'AI',
  vars: {
    provider: oneOfOpt(
      'AI_PROVIDER',
      ['openai', 'openai-compatible', 'local'],
      '`openai`, `openai-compatible` (Ollama, vLLM, llama.cpp… via chat completions) or `local` (deterministic analyst, offline OCR, local artwork)',
      '`openai` when `OPENAI_API_KEY` is set, else `local`',
    ),
    openaiApiKey: str('OPENAI_API_KEY', 'OpenAI key (also sent to an OpenAI-compatible server if it wants one)', { secret: true }),
    openaiBaseUrl: url('OPENAI_BASE_URL', 'base URL of an OpenAI-compatible server, e.g. `http://127.0.0.1:11434/v1`', { show: 'OpenAI' }),
    textModel: str('OPENAI_MODEL', 'text model for notebooks, chat, recommendations, extraction, verification', { show: '`gpt-4o-mini`' }),
    visionModel: str('OPENAI_VISION_MODEL', 'model for label and receipt images', { show: '`OPENAI_MODEL`' }),
    imageModel: str('OPENAI_IMAGE_MODEL', 'image model for blog, landing, hero and mascot artwork', { show: '`gpt-image-1`' }),
    imageProvider: oneOfOpt('IMAGE_PROVIDER', ['local', 'openai'], '`local` forces the local artwork renderer', 'follows `AI_PROVIDER`'),
    notebookStreaming: oneOf('NOTEBOOK_STREAMING', ['on', 'off'], 'on', '`off` answers the streaming routes with the 503 flat body'),
    sectionTimeoutMs: int('NOTEBOOK_SECTION_TIMEOUT_MS', 60_000, 'a section slower than this emits `error`; the batch goes on', { min: 1 }),
    localChunkSize: int('LOCAL_AI_CHUNK_SIZE', 32, 'how many characters the local analyst streams per chunk', { min: 1 }),
    localChunkDelayMs: int('LOCAL_AI_CHUNK_DELAY_MS', 0, "pause between the local analyst's chunks", { min: 0 }),
    sseHeartbeatMs: int('SSE_HEARTBEAT_MS', 15_000, '`: ping` comment interval on SSE streams', { min: 10 }),
  },
} as const;
