/**
 * The story text. Every provider goes through the AI SDK (`generateText` + `Output.object`): the
 * local writer composes it from the strain's catalog record (and the terpene table), a hosted
 * model writes from the same facts. 150–400 words of markdown, 3–5 highlights.
 */
import { z } from 'zod';
import { contextBlock, createLocalModel } from '@/lib/ai/local-model';
import { writeStructured } from '@/lib/ai/structured';
import { logger } from '@/lib/log';
import { TERPENE_INFO } from '@/lib/strains/terpenes';
import type { Strain } from '@/lib/strains/types';

export const MIN_WORDS = 150;
export const MAX_WORDS = 400;

export const wordCount = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export const StoryText = z.object({
  title: z.string().min(3).max(120),
  body: z
    .string()
    .min(200)
    .max(4000)
    .refine((b) => wordCount(b) >= MIN_WORDS && wordCount(b) <= MAX_WORDS, { message: `body must be ${MIN_WORDS}–${MAX_WORDS} words` }),
  highlights: z.array(z.string().min(2).max(160)).min(3).max(5),
});
export type StoryText = z.infer<typeof StoryText>;

export interface StoryFacts {
  date: string;
  name: string;
  slug: string;
  type: string | null;
  thc: number | null;
  thcRange: [number | null, number | null];
  cbd: number | null;
  terpenes: { name: string; percentage: number; aromas: string[]; description: string | null }[];
  effects: string[];
  negatives: string[];
  aromas: string[];
  helpsWith: string[];
  parents: string[];
  description: string | null;
}

export function factsOf(s: Strain, date: string): StoryFacts {
  return {
    date,
    name: s.name,
    slug: s.slug,
    type: s.type,
    thc: s.thc,
    thcRange: [s.thcMin, s.thcMax],
    cbd: s.cbd,
    terpenes: s.terpenes
      .slice(0, 3)
      .map((t) => ({ name: t.name, percentage: t.percentage, aromas: TERPENE_INFO[t.name]?.aromas ?? [], description: TERPENE_INFO[t.name]?.description ?? null })),
    effects: s.effects.slice(0, 6),
    negatives: s.negatives.slice(0, 3),
    aromas: s.aromas.slice(0, 5),
    helpsWith: Object.entries(s.helpsWith)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k]) => k),
    parents: s.parents.slice(0, 3),
    description: s.description ? s.description.slice(0, 900) : null,
  };
}

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;
const list = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const TYPE_WORDS: Record<string, string> = {
  indica: 'an indica, the family people usually reach for when the day is done',
  sativa: 'a sativa, the family people usually reach for when there is still something to do',
  hybrid: 'a hybrid, bred to sit between the heavy-bodied indicas and the bright sativas',
};

function potencyWords(thc: number): string {
  if (thc < 12) return 'a gentle level that suits newcomers and anyone who wants to stay clear-headed';
  if (thc < 18) return 'a moderate level: noticeable without being overwhelming';
  if (thc < 23) return 'a strong level that experienced consumers will recognise';
  return 'a very strong level; small amounts go a long way';
}

/** The local writer: a story composed only of the record's facts (and the terpene table). */
export function localStory(f: StoryFacts): StoryText {
  const paras: string[] = [];
  const type = f.type ? TYPE_WORDS[f.type] : 'a strain whose type the catalog does not record';
  const lineage = f.parents.length ? ` Its lineage traces back to ${list(f.parents)}.` : '';
  paras.push(`Today's strain is **${f.name}**, ${type}.${lineage} Here is what the catalog knows about it, and what that means if you come across it on a menu.`);
  if (f.thc !== null) {
    const range = f.thcRange[0] !== null && f.thcRange[1] !== null ? ` (reported between ${pct(f.thcRange[0])} and ${pct(f.thcRange[1])})` : '';
    const cbd = f.cbd !== null ? ` CBD sits at ${pct(f.cbd)}${f.cbd >= 4 ? ', enough to round off the THC' : ', so this is a THC-led strain'}.` : '';
    paras.push(
      `${f.name} typically tests around ${pct(f.thc)} THC${range}, ${potencyWords(f.thc)}.${cbd} Lab numbers vary from batch to batch, so the label on the jar is always the final word.`,
    );
  } else {
    paras.push(`The catalog has no lab potency figure for ${f.name} yet, so check the label on the jar before you buy: THC and CBD vary from grower to grower.`);
  }
  if (f.terpenes.length) {
    const lead = f.terpenes[0];
    const more = f.terpenes.slice(1);
    const share = lead.percentage > 0 ? ` at about ${pct(lead.percentage)}` : '';
    let t = `The terpene profile is led by ${lead.name}${share}.${lead.description ? ` ${lead.description}` : ''}`;
    if (more.length)
      t += ` Behind it come ${list(more.map((m) => (m.percentage > 0 ? `${m.name} (${pct(m.percentage)})` : m.name)))}, which add ${list([...new Set(more.flatMap((m) => m.aromas.slice(0, 2)))].slice(0, 4))} notes to the mix.`;
    paras.push(t);
  }
  if (f.effects.length || f.aromas.length) {
    const e = f.effects.length ? `People who have tried it most often describe feeling ${list(f.effects.slice(0, 4))}.` : '';
    const a = f.aromas.length ? ` On the nose, expect ${list(f.aromas.slice(0, 4))}.` : '';
    const n = f.negatives.length ? ` The usual side notes apply: ${list(f.negatives)} come up in reports.` : '';
    const h = f.helpsWith.length ? ` Reviewers mention it most for ${list(f.helpsWith)}, though that is experience, not medical evidence.` : '';
    paras.push(`${e}${a}${n}${h}`.trim());
  }
  if (f.description)
    paras.push(
      f.description
        .split(/(?<=[.!?])\s+/)
        .slice(0, 3)
        .join(' '),
    );
  const evening = f.effects.some((e) => ['sleepy', 'relaxed', 'calm'].includes(e)) && !f.effects.slice(0, 2).some((e) => ['energetic', 'focused', 'uplifted'].includes(e));
  paras.push(
    `${evening ? 'It is best saved for the evening' : 'It fits daytime plans better than bedtime'}: ${evening ? 'a film, a slow dinner, an early night' : 'a walk, a creative project, time with friends'}. Whatever you pick, start with a small amount, wait to feel it, and never drive after consuming.`,
  );
  let body = paras.join('\n\n');
  // Keep within bounds: trim the description paragraph first, then pad with the catalog's own context.
  while (wordCount(body) > MAX_WORDS && paras.length > 3) {
    paras.splice(paras.length - 2, 1);
    body = paras.join('\n\n');
  }
  if (wordCount(body) < MIN_WORDS) {
    body += `\n\nWhy ${f.name} today? Each day's strain is drawn from the catalog with the most popular and most completely documented strains the likeliest picks, and none repeats within a month. Tomorrow brings another one, chosen the same way, so check back to keep exploring the catalog one strain at a time.`;
  }
  const highlights = [
    f.type ? `${f.type[0].toUpperCase()}${f.type.slice(1)}` : null,
    f.thc !== null ? `THC about ${pct(f.thc)}` : null,
    f.terpenes[0] ? `Leading terpene: ${f.terpenes[0].name}${f.terpenes[0].percentage > 0 ? ` (${pct(f.terpenes[0].percentage)})` : ''}` : null,
    f.effects.length ? `Reported effects: ${f.effects.slice(0, 3).join(', ')}` : null,
    f.aromas.length ? `Aroma: ${f.aromas.slice(0, 3).join(', ')}` : null,
    evening ? 'Best for: evenings' : 'Best for: daytime',
  ].filter((x): x is string => Boolean(x));
  return {
    title: `Strain of the day: ${f.name}`,
    body,
    highlights: highlights.slice(0, 5).length >= 3 ? highlights.slice(0, 5) : [...highlights, `Catalog slug: ${f.slug}`, `Story date: ${f.date}`].slice(0, 5),
  };
}

const SYSTEM =
  "You write the daily strain story of a cannabis strain catalog: 150–400 words of markdown, warm and concrete, using only the facts given in the context (never invent numbers, lineage or effects; say what is unknown). Bold the strain's name once. Give 3–5 short highlights.";

export interface WrittenStory extends StoryText {
  provider: string;
  model: string;
}

export async function writeStory(f: StoryFacts, signal?: AbortSignal): Promise<WrittenStory> {
  const w = await writeStructured({
    system: SYSTEM,
    prompt: `Write today's story (${f.date}) about this strain.\n${contextBlock(f)}`,
    schema: StoryText,
    name: 'daily_story',
    local: () => createLocalModel({ write: ({ context }) => localStory(context as StoryFacts), modelId: 'local-storyteller' }),
    signal,
    hostedSignal: () => (signal ? AbortSignal.any([signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000)),
    onHostedError: (e) => logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'daily story: the hosted model failed; the local writer writes it'),
  });
  return w.by === 'hosted' ? { ...w.output, provider: w.status.name, model: w.status.model } : { ...w.output, provider: 'local', model: 'local-storyteller' };
}
