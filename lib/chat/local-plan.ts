/** The local assistant (lib/chat/local-assistant.ts): which tools to call next. */
import type { Call, Recognised, ToolStep } from '@/lib/chat/local-intent';
import type { StrainBrief } from '@/lib/chat/tools';

// Planning: which tools to call next (null = write the answer)

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
