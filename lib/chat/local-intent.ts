/** The local assistant (lib/chat/local-assistant.ts): reading the prompt and recognising the intent. */
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { parseIntent } from '@/lib/strains/intent';
import { TERPENE_INFO } from '@/lib/strains/terpenes';

export type IntentKind = 'photo' | 'notebook' | 'compare' | 'papers' | 'terpene' | 'recommend' | 'find' | 'help';

export interface Recognised {
  kind: IntentKind;
  /** Strain names the message names (find, compare). */
  names: string[];
  terpene: string | null;
  text: string;
}

export interface ToolStep {
  toolName: string;
  input: Record<string, unknown>;
  output: unknown;
}

export interface Call {
  toolName: string;
  input: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Reading the prompt

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p: { type: string }) => p.type === 'text')
    .map((p: { text: string }) => p.text)
    .join('\n');
}

export function readPrompt(prompt: LanguageModelV3Prompt): { user: string; history: { role: string; text: string }[]; steps: ToolStep[] } {
  let last = -1;
  for (let i = prompt.length - 1; i >= 0; i--)
    if (prompt[i].role === 'user') {
      last = i;
      break;
    }
  const user = last >= 0 ? partsText(prompt[last].content) : '';
  const history = prompt
    .slice(0, Math.max(0, last))
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role, text: partsText(m.content) }));
  const calls = new Map<string, { toolName: string; input: Record<string, unknown> }>();
  const steps: ToolStep[] = [];
  for (const m of prompt.slice(last + 1)) {
    if (m.role === 'assistant') {
      for (const p of m.content)
        if (p.type === 'tool-call')
          calls.set(p.toolCallId, { toolName: p.toolName, input: (typeof p.input === 'string' ? JSON.parse(p.input) : p.input) as Record<string, unknown> });
    } else if (m.role === 'tool') {
      for (const p of m.content) {
        if (p.type !== 'tool-result') continue;
        const o = p.output;
        const output = o.type === 'json' ? o.value : o.type === 'text' ? o.value : o.type === 'error-text' || o.type === 'error-json' ? { error: o.value } : null;
        steps.push({ toolName: p.toolName, input: calls.get(p.toolCallId)?.input ?? {}, output });
      }
    }
  }
  return { user, history, steps };
}

// ---------------------------------------------------------------------------------------------
// Intent recognition

export const PHOTO_LINE = /^Photo (\d+) \((label|receipt|unreadable)[^)]*\): (.*)$/gm;
const TERPENE_NAMES = Object.keys(TERPENE_INFO).sort((a, b) => b.length - a.length);
const TERPENE_ALIASES: Record<string, string> = {
  bcp: 'caryophyllene',
  'beta-caryophyllene': 'caryophyllene',
  cineole: 'eucalyptol',
  nerolidol: 'nerolidol',
  'alpha-pinene': 'pinene',
  'beta-pinene': 'pinene',
  'd-limonene': 'limonene',
};

function terpeneIn(text: string): string | null {
  const t = text.toLowerCase();
  for (const [alias, name] of Object.entries(TERPENE_ALIASES)) if (new RegExp(`\\b${alias}\\b`).test(t) && TERPENE_INFO[name]) return name;
  for (const name of TERPENE_NAMES) if (new RegExp(`\\b${name.replace(/ /g, '\\s+')}\\b`).test(t)) return name;
  return null;
}

const LEAD =
  /^(?:(?:hi|hey|hello|ok|okay|so|and|also|please|pls|can you|could you|would you|i want to|i'd like to|i would like to|let me)[,!\s]+)*(?:tell me (?:more )?about|what do you know about|what(?:'s| is| are)(?: the)?|who is|find(?: me)?|search(?: for)?|look ?up|show(?: me)?|info(?:rmation)? (?:on|about)|details (?:on|about|for)|describe|give me|do you (?:have|know))\s+/i;

export function cleanName(s: string): string {
  let t = s
    .trim()
    .replace(/[?!.]+$/g, '')
    .trim();
  for (let i = 0; i < 3; i++) t = t.replace(LEAD, '');
  t = t
    .replace(/^(?:the|a|an)\s+/i, '')
    .replace(/\b(?:strains?|cultivars?|weed|bud|flower)\b/gi, ' ')
    .replace(/\b(?:please|thanks|thank you)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”]+|["'“”]+$/g, '');
  return t.slice(0, 100);
}

export function recognise(text: string): Recognised {
  const t = text.toLowerCase();
  const base: Recognised = { kind: 'help', names: [], terpene: null, text };
  const ownWords = text.replace(PHOTO_LINE, '').trim();
  if (/^Photo \d+ \(/m.test(text)) return { ...base, kind: 'photo', text: ownWords };
  if (/\bnotebooks?\b|\bmy (?:last |latest |recent |previous )?(?:order|purchase|haul|analysis)\b/.test(t)) return { ...base, kind: 'notebook' };
  if (/\bcompare\b|\bvs\.?\s|\bversus\b|\bdifference between\b|\bcompared to\b/.test(t)) {
    const stripped = text.replace(/^.*?\b(?:compare|difference between)\b/i, '').replace(/[?!.]+$/, '');
    const names = stripped
      .split(/\s+(?:vs\.?|versus|and|with|to|or|against|compared to)\s+|,|\/|&/i)
      .map(cleanName)
      .filter((n) => n.length >= 2)
      .slice(0, 3);
    return { ...base, kind: 'compare', names };
  }
  const terpene = terpeneIn(text);
  if (/\b(?:stud(?:y|ies)|research|papers?|evidence|clinical|trials?|scien\w*|literature|publications?)\b/.test(t)) return { ...base, kind: 'papers', terpene };
  if (terpene || /\bterpenes?\b/.test(t)) return { ...base, kind: 'terpene', terpene };
  const intent = parseIntent(text);
  const wants = intent.effects.length + intent.aromas.length + intent.helps.length + (intent.type ? 1 : 0);
  if (
    /\b(?:recommend\w*|suggest\w*|something (?:for|to|that)|looking for|what should|which strains?|best strains?|good for|help(?: me)? (?:with|sleep|focus|relax)|similar to|like)\b/.test(
      t,
    ) ||
    (wants >= 2 && !/\b(?:tell me about|what is)\b/.test(t))
  ) {
    return { ...base, kind: 'recommend' };
  }
  if (/^\s*(?:hi|hey|hello|help|thanks|thank you|what can you do)\b[\s!?.]*$/i.test(text)) return base;
  const name = cleanName(text);
  if (name.length >= 2) return { ...base, kind: 'find', names: [name] };
  return base;
}
