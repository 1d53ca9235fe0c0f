/**
 * The `local` chat provider: a real AI SDK language model (LanguageModelV3) that works like a
 * small tool-using assistant. On each step it reads the prompt the SDK built (system, history,
 * the newest user message, and any tool calls/results of this turn), recognises the intent
 * (find, compare, recommend, explain a terpene, papers, read my photo, my notebooks), and either
 * answers with tool calls (finish reason `tool-calls`: `streamText` runs the tools and calls the
 * model again) or, once the results are in, writes the answer from those results as streamed
 * text. It never states a fact no tool returned: everything it writes about a strain, terpene,
 * paper or notebook is read from a tool result in the prompt.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { parseIntent } from '@/lib/strains/intent';
import { TERPENE_INFO } from '@/lib/strains/terpenes';
import type { StrainBrief, StrainDetailOut } from './tools';

export const LOCAL_ASSISTANT_ID = 'local-assistant';

export type IntentKind = 'photo' | 'notebook' | 'compare' | 'papers' | 'terpene' | 'recommend' | 'find' | 'help';

export interface Recognised {
  kind: IntentKind;
  /** Strain names the message names (find, compare). */
  names: string[];
  terpene: string | null;
  text: string;
}

interface ToolStep {
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

const PHOTO_LINE = /^Photo (\d+) \((label|receipt|unreadable)[^)]*\): (.*)$/gm;
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

// ---------------------------------------------------------------------------------------------
// Planning: which tools to call next (null = write the answer)

let callSeq = 0;
const callId = () => `call_local_${(++callSeq).toString(36)}_${Date.now().toString(36)}`;

const PRONOUN = /^(?:it|this|that|this one|that one|them|they)$/i;

/** The last strain the conversation talked about (bold names the assistant wrote). */
function lastStrainInHistory(history: { role: string; text: string }[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = /\*\*([^*]{2,80})\*\*/.exec(history[i].text);
    if (history[i].role === 'assistant' && m) return m[1];
  }
  return null;
}

function keywords(text: string): string {
  const stop = new Set([
    'what',
    'does',
    'do',
    'the',
    'a',
    'an',
    'of',
    'on',
    'about',
    'is',
    'are',
    'any',
    'there',
    'research',
    'studies',
    'study',
    'papers',
    'paper',
    'evidence',
    'say',
    'says',
    'show',
    'me',
    'find',
    'for',
    'and',
    'in',
    'to',
    'with',
    'how',
    'tell',
    'scientific',
    'science',
    'clinical',
    'literature',
    'which',
    'have',
    'has',
    'been',
    'i',
    'you',
    'can',
    'please',
  ]);
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !stop.has(w))
    .slice(0, 6)
    .join(' ');
}

const has = (available: Set<string>, name: string) => available.has(name);

export function plan(r: Recognised, steps: ToolStep[], available: Set<string>, history: { role: string; text: string }[]): Call[] | null {
  const done = (name: string) => steps.filter((s) => s.toolName === name);
  switch (r.kind) {
    case 'help':
      return null;
    case 'notebook':
      return steps.length === 0 && has(available, 'myNotebooks') ? [{ toolName: 'myNotebooks', input: {} }] : null;
    case 'recommend': {
      if (steps.length > 0 || !has(available, 'recommendStrains')) return null;
      return [{ toolName: 'recommendStrains', input: { query: r.text.slice(0, 500), limit: 5 } }];
    }
    case 'terpene': {
      if (steps.length > 0) return null;
      const calls: Call[] = [{ toolName: 'terpeneInfo', input: { name: r.terpene ?? /\b(\w+ene|\w+ol)\b/i.exec(r.text)?.[1] ?? 'terpene' } }];
      if (r.terpene && has(available, 'searchPapers')) calls.push({ toolName: 'searchPapers', input: { terpene: r.terpene, limit: 3 } });
      return calls;
    }
    case 'papers': {
      if (steps.length > 0 || !has(available, 'searchPapers')) return null;
      const q = keywords(r.text);
      return [{ toolName: 'searchPapers', input: { ...(q ? { query: q } : {}), ...(r.terpene ? { terpene: r.terpene } : {}), limit: 5 } }];
    }
    case 'find': {
      const searches = done('searchStrains');
      if (searches.length === 0) {
        let name = r.names[0] ?? '';
        if (PRONOUN.test(name)) name = lastStrainInHistory(history) ?? name;
        return [{ toolName: 'searchStrains', input: { query: name, limit: 5 } }];
      }
      if (done('getStrain').length === 0) {
        const top = (searches[0].output as { results?: StrainBrief[] }).results?.[0];
        return top ? [{ toolName: 'getStrain', input: { slug: top.slug } }] : null;
      }
      return null;
    }
    case 'compare': {
      const prev0 = lastStrainInHistory(history);
      let names = r.names.map((n) => (PRONOUN.test(n) && prev0 ? prev0 : n)).filter((n) => !PRONOUN.test(n));
      if (names.length === 1 && !r.names.some((n) => PRONOUN.test(n))) {
        const prev = lastStrainInHistory(history);
        if (prev) names = [prev, names[0]];
      }
      const searches = done('searchStrains');
      if (searches.length === 0 && names.length) return names.map((n) => ({ toolName: 'searchStrains', input: { query: n, limit: 3 } }));
      if (done('getStrain').length === 0) {
        const slugs = [...new Set(searches.map((s) => (s.output as { results?: StrainBrief[] }).results?.[0]?.slug).filter((s): s is string => Boolean(s)))];
        return slugs.length ? slugs.map((slug) => ({ toolName: 'getStrain', input: { slug } })) : null;
      }
      return null;
    }
    case 'photo':
      // Photos are planned from the raw readings (planPhoto).
      return null;
  }
}

/** The photo plan reads the raw user text (readings included). */
export function planPhoto(userText: string, steps: ToolStep[]): Call[] | null {
  if (steps.length > 0) return null;
  const calls: Call[] = [];
  const slugs = new Set<string>();
  for (const m of userText.matchAll(/Catalog match: ([a-z0-9-]+) \(/g)) slugs.add(m[1]);
  for (const slug of slugs) calls.push({ toolName: 'getStrain', input: { slug } });
  if (calls.length === 0) {
    for (const m of userText.matchAll(/this label says ([^,;.]+)/g)) calls.push({ toolName: 'searchStrains', input: { query: m[1].trim(), limit: 3 } });
  }
  return calls.length ? calls.slice(0, 4) : null;
}

// ---------------------------------------------------------------------------------------------
// Writing the answer from tool results

const pct = (n: number | null | undefined) => (n === null || n === undefined ? null : `${Math.round(n * 10) / 10}%`);
const listOf = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const terps = (ts: { name: string; percentage: number }[]) => ts.map((t) => (t.percentage > 0 ? `${t.name} ${pct(t.percentage)}` : t.name)).join(', ');

function strainLine(s: StrainBrief | StrainDetailOut): string {
  const bits = [s.type ? s.type : null, s.thc !== null ? `THC ${pct(s.thc)}` : null, s.cbd !== null && s.cbd > 0 ? `CBD ${pct(s.cbd)}` : null].filter(Boolean);
  const t = s.terpenes.length ? `; terpenes: ${terps(s.terpenes.slice(0, 3))}` : '';
  const e = s.effects.length ? `; effects: ${s.effects.slice(0, 4).join(', ')}` : '';
  return `**${s.name}** (${bits.join(', ') || 'no potency data'})${t}${e}`;
}

function describeStrain(s: StrainDetailOut): string {
  const lines = [`${strainLine(s)}.`];
  if (s.thcRange && (s.thcRange.min !== null || s.thcRange.max !== null)) lines.push(`THC range reported: ${pct(s.thcRange.min) ?? '?'}–${pct(s.thcRange.max) ?? '?'}.`);
  if (s.aromas.length) lines.push(`Aroma: ${s.aromas.slice(0, 5).join(', ')}.`);
  if (s.parents.length) lines.push(`Lineage: ${s.parents.join(' × ')}.`);
  const helps = Object.entries(s.helpsWith)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k]) => k);
  if (helps.length) lines.push(`Reported to help with: ${helps.join(', ')}.`);
  if (s.negatives.length) lines.push(`Possible downsides: ${s.negatives.slice(0, 3).join(', ')}.`);
  if (s.description)
    lines.push(
      '',
      s.description
        .split(/(?<=\.)\s+/)
        .slice(0, 2)
        .join(' '),
    );
  return lines.join('\n');
}

const outputsOf = <T>(steps: ToolStep[], name: string) => steps.filter((s) => s.toolName === name).map((s) => s.output as T);

function knowsLine(available: Set<string>): string {
  const parts = ['the strain catalog (search with typos, full records, recommendations)', 'terpenes'];
  if (available.has('searchPapers')) parts.push('the research-paper library');
  parts.push('your saved notebooks');
  return parts.join(', ');
}

export function writeAnswer(r: Recognised, userText: string, steps: ToolStep[], available: Set<string>): string {
  switch (r.kind) {
    case 'help':
      return [
        `I can look things up in ${knowsLine(available)}. Try:`,
        '- "Tell me about Blue Dream" (typos are fine)',
        '- "Compare Sour Diesel and OG Kush"',
        '- "Recommend something for sleep with a citrus taste"',
        '- "What does limonene do?"',
        ...(available.has('searchPapers') ? ['- "What research is there on myrcene?"'] : []),
        '- "What did my last notebook say?"',
        '- attach a photo of a label and ask "what is this?"',
        '',
        'I only answer from those records: I do not know store prices, stock or anything outside the catalog, and I give no medical advice.',
      ].join('\n');
    case 'find': {
      const search = outputsOf<{ query: string; results: StrainBrief[] }>(steps, 'searchStrains')[0];
      const detail = outputsOf<{ found: boolean; strain?: StrainDetailOut }>(steps, 'getStrain')[0];
      if (!search || search.results.length === 0)
        return `I couldn't find a strain called "${search?.query ?? r.names[0]}" in the catalog, so I won't guess about it. Check the spelling or try another name.`;
      const top = search.results[0];
      const exact = top.name.toLowerCase() === search.query.toLowerCase();
      const head = exact ? '' : `The closest catalog match for "${search.query}" is **${top.name}**.\n\n`;
      const body = detail?.found && detail.strain ? describeStrain(detail.strain) : `${strainLine(top)}.`;
      const others = search.results.slice(1, 4);
      const more = others.length ? `\n\nOther matches: ${others.map((s) => `**${s.name}**`).join(', ')}.` : '';
      return `${head}${body}${more}`;
    }
    case 'compare': {
      const details = outputsOf<{ found: boolean; strain?: StrainDetailOut }>(steps, 'getStrain')
        .filter((d) => d.found && d.strain)
        .map((d) => d.strain!);
      const searches = outputsOf<{ query: string; results: StrainBrief[] }>(steps, 'searchStrains');
      const missing = searches.filter((s) => s.results.length === 0).map((s) => `"${s.query}"`);
      if (details.length < 2) {
        const miss = missing.length ? `I couldn't find ${listOf(missing)} in the catalog. ` : '';
        if (details.length === 1) return `${miss}Here is what I have on the one I found:\n\n${describeStrain(details[0])}`;
        return `${miss}Name two strains to compare, for example "compare Blue Dream and OG Kush".`;
      }
      const rows = [
        `| | ${details.map((d) => `**${d.name}**`).join(' | ')} |`,
        `|---|${details.map(() => '---').join('|')}|`,
        `| Type | ${details.map((d) => d.type ?? '—').join(' | ')} |`,
        `| THC | ${details.map((d) => pct(d.thc) ?? '—').join(' | ')} |`,
        `| CBD | ${details.map((d) => pct(d.cbd) ?? '—').join(' | ')} |`,
        `| Leading terpenes | ${details.map((d) => terps(d.terpenes.slice(0, 3)) || '—').join(' | ')} |`,
        `| Effects | ${details.map((d) => d.effects.slice(0, 4).join(', ') || '—').join(' | ')} |`,
        `| Aroma | ${details.map((d) => d.aromas.slice(0, 3).join(', ') || '—').join(' | ')} |`,
      ];
      const [a, b] = details;
      const notes: string[] = [];
      if (a.thc !== null && b.thc !== null && Math.abs(a.thc - b.thc) >= 1)
        notes.push(`**${a.thc > b.thc ? a.name : b.name}** is the stronger of the two by about ${Math.round(Math.abs(a.thc - b.thc) * 10) / 10} points of THC.`);
      const shared = a.effects.filter((e) => b.effects.includes(e));
      if (shared.length) notes.push(`Both are reported as ${listOf(shared.slice(0, 3))}.`);
      const ta = a.terpenes[0]?.name;
      const tb = b.terpenes[0]?.name;
      if (ta && tb && ta !== tb) notes.push(`${a.name} leads with ${ta}, ${b.name} with ${tb}.`);
      else if (ta && ta === tb) notes.push(`Both lead with ${ta}.`);
      if (missing.length) notes.push(`(I couldn't find ${listOf(missing)} in the catalog.)`);
      return `${rows.join('\n')}\n\n${notes.join(' ')}`.trim();
    }
    case 'recommend': {
      const out = outputsOf<{ results: { rank: number; reason: string; strain: StrainBrief }[]; error?: string }>(steps, 'recommendStrains')[0];
      if (!out || out.results.length === 0)
        return "I couldn't match that wish to strains in the catalog. Tell me an effect (sleep, focus, energy), an aroma (citrus, pine, berry) or a strain you like.";
      const lines = out.results.map((it, i) => `${i + 1}. ${strainLine(it.strain)}. ${it.reason}`);
      return `From the catalog, these fit best:\n\n${lines.join('\n')}\n\nEffects are what users report, not medical advice.`;
    }
    case 'terpene': {
      const info = outputsOf<{
        found: boolean;
        terpene?: string;
        aromas?: string[];
        effects?: string[];
        description?: string;
        strains?: (StrainBrief & { share: number | null })[];
        known?: string[];
      }>(steps, 'terpeneInfo')[0];
      if (!info || !info.found) return `I don't have that terpene in my table. I know: ${(info?.known ?? Object.keys(TERPENE_INFO)).join(', ')}.`;
      const lines = [
        `**${info.terpene![0].toUpperCase()}${info.terpene!.slice(1)}**: ${info.description}`,
        '',
        `Aroma: ${info.aromas!.join(', ')}. Associated effects: ${info.effects!.join(', ')}.`,
      ];
      if (info.strains?.length) lines.push('', `Catalog strains richest in it: ${info.strains.map((s) => `**${s.name}**${s.share ? ` (${pct(s.share)})` : ''}`).join(', ')}.`);
      lines.push(...paperLines(steps));
      return lines.join('\n');
    }
    case 'papers': {
      if (!available.has('searchPapers'))
        return "The research-paper library isn't available on this service yet, so I can't cite studies. I won't summarise research I can't show you.";
      const lines = paperLines(steps);
      return lines.length ? lines.join('\n').trim() : "I found no papers in the library for that. I only cite papers the library holds, so I won't name others.";
    }
    case 'notebook': {
      const out = outputsOf<{
        total: number;
        notebooks: {
          id: string;
          title: string;
          createdAt: string;
          items?: { strainName: string; grams: number; price: number | null }[];
          dispensary?: string | null;
          summaries?: Record<string, string>;
        }[];
      }>(steps, 'myNotebooks')[0];
      if (!out || out.notebooks.length === 0) return "You have no saved notebooks yet. Run one from the Notebook page and I'll be able to tell you what it said.";
      const [n, ...rest] = out.notebooks;
      const lines = [`Your newest notebook (**${n.title}**${n.dispensary ? `, ${n.dispensary}` : ''}):`];
      if (n.items?.length) lines.push('', `Order: ${n.items.map((it) => `${it.strainName} ${it.grams} g${it.price !== null ? ` ($${it.price})` : ''}`).join(', ')}.`);
      const sums = Object.entries(n.summaries ?? {}).slice(0, 4);
      for (const [key, s] of sums) lines.push('', `- *${key.replace(/_/g, ' ')}*: ${s}`);
      if (rest.length) lines.push('', `You have ${out.total} notebooks in all; older: ${rest.map((x) => x.title).join(', ')}.`);
      return lines.join('\n');
    }
    case 'photo': {
      const readings = [...userText.matchAll(PHOTO_LINE)].map((m) => ({ index: m[1], kind: m[2], text: m[3] }));
      const lines = readings.map((p) =>
        p.kind === 'unreadable' ? `Photo ${p.index}: ${p.text}` : `Photo ${p.index} (${p.kind}): ${p.text.replace(/\s*Catalog match: [a-z0-9-]+ \([^)]*\)\.?/, '')}`,
      );
      const details = outputsOf<{ found: boolean; strain?: StrainDetailOut }>(steps, 'getStrain').filter((d) => d.found && d.strain);
      const found = outputsOf<{ results: StrainBrief[] }>(steps, 'searchStrains').flatMap((s) => s.results.slice(0, 1));
      if (details.length) lines.push('', 'In the catalog:', '', ...details.map((d) => describeStrain(d.strain!)));
      else if (found.length) lines.push('', 'Closest catalog matches:', '', ...found.map((s) => `- ${strainLine(s)}`));
      else if (readings.some((p) => p.kind !== 'unreadable'))
        lines.push('', "I couldn't match the strain on the photo to the catalog, so I can only tell you what the label says.");
      return lines.join('\n');
    }
  }
}

function paperLines(steps: ToolStep[]): string[] {
  const papers = outputsOf<{ results: { id: string; title: string; year: number | null; journal: string | null; studyType: string | null }[] }>(steps, 'searchPapers').flatMap(
    (o) => o.results ?? [],
  );
  if (!papers.length) return [];
  return [
    '',
    'From the research library:',
    ...papers
      .slice(0, 5)
      .map((p) => `- *${p.title}*${p.year ? ` (${p.year}` : ''}${p.journal ? `, ${p.journal}` : ''}${p.year ? ')' : ''}${p.studyType ? ` — ${p.studyType}` : ''}`),
  ];
}

// ---------------------------------------------------------------------------------------------
// The LanguageModelV3

export type Decision = { type: 'calls'; calls: Call[] } | { type: 'text'; text: string };

export function decide(prompt: LanguageModelV3Prompt, available: Set<string>): Decision {
  const { user, history, steps } = readPrompt(prompt);
  const r = recognise(user);
  const next = r.kind === 'photo' ? planPhoto(user, steps) : plan(r, steps, available, history);
  const calls = (next ?? []).filter((c) => available.has(c.toolName));
  if (calls.length) return { type: 'calls', calls };
  return { type: 'text', text: writeAnswer(r, user, steps, available) };
}

function usage(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return { inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: 0 } };
}

function promptChars(prompt: LanguageModelV3Prompt): number {
  let n = 0;
  for (const m of prompt) n += typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content).length;
  return n;
}

const toolNames = (options: LanguageModelV3CallOptions) => new Set((options.tools ?? []).filter((t) => t.type === 'function').map((t) => t.name));
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LocalAssistantModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'local';
  readonly modelId = LOCAL_ASSISTANT_ID;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  constructor(private readonly opts: { chunkSize?: number } = {}) {}

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const d = decide(options.prompt, toolNames(options));
    const content: LanguageModelV3Content[] =
      d.type === 'calls'
        ? d.calls.map((c) => ({ type: 'tool-call' as const, toolCallId: callId(), toolName: c.toolName, input: JSON.stringify(c.input) }))
        : [{ type: 'text', text: d.text }];
    return {
      content,
      finishReason: d.type === 'calls' ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' },
      usage: usage(promptChars(options.prompt), d.type === 'text' ? d.text.length : 0),
      warnings: [],
      response: { id: `local-${Date.now().toString(36)}`, modelId: this.modelId, timestamp: new Date() },
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const signal = options.abortSignal;
    if (signal?.aborted) throw signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    const d = decide(options.prompt, toolNames(options));
    const size = Math.max(1, this.opts.chunkSize ?? 24);
    const modelId = this.modelId;
    const inputChars = promptChars(options.prompt);
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'response-metadata', id: `local-${Date.now().toString(36)}`, modelId, timestamp: new Date() });
        if (d.type === 'calls') {
          for (const c of d.calls) {
            const id = callId();
            const input = JSON.stringify(c.input);
            controller.enqueue({ type: 'tool-input-start', id, toolName: c.toolName });
            controller.enqueue({ type: 'tool-input-delta', id, delta: input });
            controller.enqueue({ type: 'tool-input-end', id });
            controller.enqueue({ type: 'tool-call', toolCallId: id, toolName: c.toolName, input });
          }
          controller.enqueue({ type: 'finish', usage: usage(inputChars, 0), finishReason: { unified: 'tool-calls', raw: 'tool_calls' } });
          controller.close();
          return;
        }
        controller.enqueue({ type: 'text-start', id: 't0' });
        for (let i = 0; i < d.text.length; i += size) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
            return;
          }
          controller.enqueue({ type: 'text-delta', id: 't0', delta: d.text.slice(i, i + size) });
          if ((i / size) % 8 === 7) await yieldTurn();
        }
        controller.enqueue({ type: 'text-end', id: 't0' });
        controller.enqueue({ type: 'finish', usage: usage(inputChars, d.text.length), finishReason: { unified: 'stop', raw: 'stop' } });
        controller.close();
      },
    });
    return { stream, request: { body: { decision: d.type } } };
  }
}
