import { afterEach, describe, expect, it } from 'vitest';
import { imageModel, resolveAiProvider, textModel, visionModel } from '@/lib/ai/provider';

const KEYS = ['AI_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_VISION_MODEL', 'OPENAI_IMAGE_MODEL'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function setEnv(v: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, v);
}

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('resolveAiProvider (docs/contract.md §4)', () => {
  it.each([
    [{}, 'local', true, 'local-analyst'],
    [{ OPENAI_API_KEY: 'sk-x' }, 'openai', true, 'gpt-4o-mini'],
    [{ OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-4.1' }, 'openai', true, 'gpt-4.1'],
    [{ AI_PROVIDER: 'local', OPENAI_API_KEY: 'sk-x' }, 'local', true, 'local-analyst'],
    [{ AI_PROVIDER: 'openai' }, 'openai', false, 'gpt-4o-mini'],
    [{ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' }, 'openai', true, 'gpt-4o-mini'],
    [{ AI_PROVIDER: 'openai-compatible' }, 'openai-compatible', false, 'gpt-4o-mini'],
    [{ AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'llama3' }, 'openai-compatible', true, 'llama3'],
  ] as const)('%j → %s available=%s', (vars, name, available, model) => {
    setEnv(vars);
    const s = resolveAiProvider();
    expect(s).toMatchObject({ name, available, model });
    if (!available) expect(s.reason).toBeTruthy();
    else expect(s.reason).toBeUndefined();
  });

  it('an unknown AI_PROVIDER is a configuration error naming it, not a silent fallback', () => {
    setEnv({ AI_PROVIDER: 'anthropic' });
    expect(() => resolveAiProvider()).toThrow(/AI_PROVIDER="anthropic"/);
  });

  it('never puts the key into the reason', () => {
    setEnv({ AI_PROVIDER: 'openai-compatible', OPENAI_API_KEY: 'sk-secret-123' });
    expect(JSON.stringify(resolveAiProvider())).not.toContain('sk-secret-123');
  });
});

describe('model factories', () => {
  it('return null for local and unusable providers', () => {
    setEnv({});
    expect(textModel()).toBeNull();
    expect(visionModel()).toBeNull();
    expect(imageModel()).toBeNull();
    setEnv({ AI_PROVIDER: 'openai' });
    expect(textModel()).toBeNull();
  });

  it('openai-compatible uses the chat-completions model with the configured id', () => {
    setEnv({ AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'qwen2.5' });
    const m = textModel();
    expect(m?.modelId).toBe('qwen2.5');
    expect(m?.provider).toContain('openai-compatible');
    expect(m?.provider).toContain('chat');
  });

  it('openai text/vision/image ids follow OPENAI_* settings', () => {
    setEnv({ OPENAI_API_KEY: 'sk-x', OPENAI_VISION_MODEL: 'gpt-4o', OPENAI_IMAGE_MODEL: 'dall-e-3' });
    expect(textModel()?.modelId).toBe('gpt-4o-mini');
    expect(textModel()?.provider).toBe('openai.chat');
    expect(visionModel()?.modelId).toBe('gpt-4o');
    expect(imageModel()?.modelId).toBe('dall-e-3');
    setEnv({ OPENAI_API_KEY: 'sk-x' });
    expect(imageModel()?.modelId).toBe('gpt-image-1');
  });
});
