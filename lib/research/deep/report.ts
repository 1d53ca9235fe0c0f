import type { LanguageModelV3 } from '@ai-sdk/provider';
import { contextBlock, createLocalModel, type LocalWriteRequest } from '@/lib/ai/local-model';
import { writeStructured } from '@/lib/ai/structured';
import { config } from '@/lib/config';
import { ReportDraft, type DeepSection } from '@/lib/research/deep/schemas';
import type { ReadSource } from '@/lib/research/deep/sources';

/**
 * The synthesize stage: the configured model (or the local writer through the same AI SDK path)
 * writes the report from the sources read, then every citation is checked against them.
 */

export const REPORT_OUTPUT_NAME = 'deep-research-report';

export interface ReportContext {
  question: string;
  focus: { strains: Array<{ slug: string; name: string }>; terpenes: string[]; cannabinoids: string[]; effects: string[] };
  sources: ReadSource[];
}

const SYSTEM = [
  'You write short, careful research briefs about cannabis strains, terpenes and cannabinoids.',
  'Use ONLY the sources in the context. Every section lists in `citations` the ids (exactly as given, e.g. "paper:russo-2011-taming-thc") of the sources it relies on; never cite anything else and never invent a paper, a strain, a number or a finding.',
  'Most papers carry no abstract: then only their title, journal, year, study type and topic labels are known, so say what a paper is about, not what it found.',
  'Say plainly when the evidence is thin (reviews and animal studies are not human outcomes). This is not medical advice.',
  'Write plain prose in `body` (markdown allowed, no source ids in the text).',
].join(' ');

function titleRef(s: ReadSource): string {
  const t = s.title.length > 90 ? `${s.title.slice(0, 87)}…` : s.title;
  return `“${t}”${s.year ? ` (${s.year}${s.studyType ? `, ${s.studyType}` : ''})` : ''}`;
}

function list(xs: string[]): string {
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The local writer: a report computed from the sources (deterministic; no model weights). */
export function writeLocalReport(ctx: ReportContext): ReportDraft {
  const papers = ctx.sources.filter((s) => s.kind === 'paper');
  const strains = ctx.sources.filter((s) => s.kind === 'strain');
  const scans = ctx.sources.filter((s) => s.kind === 'scan');
  const sections: DeepSection[] = [];
  const topics = [...ctx.focus.terpenes, ...ctx.focus.cannabinoids.map((c) => c.toUpperCase()), ...ctx.focus.effects];

  // 1. What the papers cover, topic by topic (or by study type when the question names none).
  if (papers.length) {
    const paras: string[] = [];
    const cited = new Set<string>();
    const keyed = [...ctx.focus.terpenes, ...ctx.focus.cannabinoids, ...ctx.focus.effects];
    const cannabinoids = new Set(ctx.focus.cannabinoids);
    const label = (k: string) => (cannabinoids.has(k) ? k.toUpperCase() : k[0].toUpperCase() + k.slice(1));
    for (const key of keyed.slice(0, 5)) {
      const hits = papers.filter((p) => p.about.includes(key));
      if (!hits.length) {
        paras.push(`**${label(key)}**: none of the papers read is labelled with it; the library holds no study centred on it.`);
        continue;
      }
      hits.slice(0, 4).forEach((h) => cited.add(h.id));
      const kinds = tally(hits.map((h) => h.studyType ?? 'unclassified'));
      paras.push(
        `**${label(key)}**: ${plural(hits.length, 'paper')} read address${hits.length === 1 ? 'es' : ''} it (${kinds}), among them ${list(hits.slice(0, 3).map(titleRef))}.`,
      );
    }
    if (!paras.length || cited.size === 0) {
      const top = papers.slice(0, 4);
      top.forEach((p) => cited.add(p.id));
      paras.push(`The papers closest to the question are ${list(top.map(titleRef))}.`);
    }
    const noAbstract = papers.filter((p) => !p.facts.some((f) => f.startsWith('Abstract:'))).length;
    if (noAbstract)
      paras.push(
        `${noAbstract === papers.length ? 'None' : `${papers.length - noAbstract} of ${papers.length}`} of these records carr${noAbstract === papers.length ? 'ies' : 'y'} an abstract here, so this brief says what each paper is about (title, study type, topic labels), not what it found; read the papers themselves before drawing conclusions.`,
      );
    sections.push({
      heading: topics.length ? `What the research covers: ${list(topics.slice(0, 4))}` : 'What the research covers',
      body: paras.join('\n\n'),
      citations: [...cited],
    });
  }

  // 2. Strain profiles, each tied to the papers about its leading terpenes.
  if (strains.length) {
    const paras: string[] = [];
    const cited = new Set<string>();
    for (const s of strains.slice(0, 4)) {
      cited.add(s.id);
      const slug = s.id.replace(/^strain:/, '');
      const related = papers.filter((p) => p.about.includes(slug));
      related.slice(0, 2).forEach((p) => cited.add(p.id));
      paras.push(
        `${s.facts.join(' ')}${related.length ? ` Its leading terpenes are named in ${plural(related.length, 'paper')} read, such as ${list(related.slice(0, 2).map(titleRef))}; these describe the compounds, not this strain.` : ''}`,
      );
    }
    sections.push({
      heading: strains.length === 1 ? `The strain: ${strains[0].title.replace(/ \(catalog profile\)$/, '')}` : 'The strains',
      body: paras.join('\n\n'),
      citations: [...cited],
    });
  }

  // 3. How strong the evidence is.
  if (papers.length) {
    const by = (t: string) => papers.filter((p) => p.studyType === t);
    const clinical = by('clinical');
    const human = [...clinical, ...by('observational')];
    const lines = [`Of the ${plural(papers.length, 'paper')} read: ${tally(papers.map((p) => p.studyType ?? 'unclassified'))}.`];
    if (clinical.length) lines.push(`Controlled trials in people: ${list(clinical.map(titleRef))}.`);
    else lines.push('None is a controlled trial in people.');
    if (by('preclinical').length) lines.push('Preclinical work (animal or cell studies) shows mechanisms that may not carry over to people.');
    if (by('review').length) lines.push('Reviews summarise other studies and can repeat their limits.');
    const cite = (human.length ? human : papers).slice(0, 6).map((p) => p.id);
    sections.push({ heading: 'Strength of the evidence', body: lines.join(' '), citations: cite });
  }

  // 4. The caller's own scans.
  if (scans.length) {
    sections.push({ heading: 'From your menu scans', body: scans.map((s) => s.facts.join(' ')).join('\n\n'), citations: scans.map((s) => s.id) });
  }

  sections.push({
    heading: 'Limits of this brief',
    body: [
      'It draws only on the research library, the strain catalog and your own scans listed as sources; a missing topic means the library holds nothing on it, not that no research exists.',
      'Catalog terpene and potency figures are typical values for a strain, and a product on a shelf can differ: check its lab label.',
      'Nothing here is medical advice.',
    ].join(' '),
    citations: [],
  });

  const parts: string[] = [];
  parts.push(
    `For “${ctx.question.length > 160 ? `${ctx.question.slice(0, 157)}…` : ctx.question}”, ${plural(ctx.sources.length, 'source')} were read: ${plural(papers.length, 'paper')}, ${plural(strains.length, 'strain profile')} and ${plural(scans.length, 'of your scans', 'of your scans')}.`,
  );
  if (papers.length)
    parts.push(
      `The closest papers are ${list(papers.slice(0, 2).map(titleRef))}${papers.some((p) => p.studyType === 'clinical') ? '' : '; none of them is a human clinical trial'}.`,
    );
  else parts.push('The research library holds no paper matching the question.');
  if (strains.length) {
    const s = strains[0].facts[1] ?? strains[0].facts[0];
    parts.push(`${strains[0].title.replace(/ \(catalog profile\)$/, '')}: ${s.replace(/^Leading terpenes: /, 'leading terpenes ')}`);
  }
  return { summary: parts.join(' '), sections };
}

function tally(xs: string[]): string {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
}

function localWrite(req: LocalWriteRequest): unknown {
  const ctx = req.context as ReportContext | null;
  if (!ctx || !Array.isArray(ctx.sources)) throw new Error('deep research: the prompt carries no sources');
  return writeLocalReport(ctx);
}

export function localReportModel(): LanguageModelV3 {
  return createLocalModel({ write: localWrite, chunkSize: config().ai.localChunkSize, chunkDelayMs: config().ai.localChunkDelayMs });
}

export interface Citations {
  sections: DeepSection[];
  /** Citations that named no source and were dropped. */
  dropped: string[];
  /** Citations mended to a source's id (`from` → `to`). */
  repaired: Array<{ from: string; to: string }>;
}

/**
 * Every citation must name a source of the report: exact ids are kept, near misses (brackets,
 * case, a missing `paper:` prefix, a source's title) are mended, anything else is dropped; source
 * ids written into a body that name no source are removed from the text.
 */
export function validateCitations(sections: DeepSection[], sources: Array<{ id: string; title: string }>): Citations {
  const ids = new Set(sources.map((s) => s.id));
  const lower = new Map(sources.map((s) => [s.id.toLowerCase(), s.id]));
  const bare = new Map<string, string[]>();
  for (const s of sources) {
    const k = s.id.replace(/^[a-z]+:/, '').toLowerCase();
    bare.set(k, [...(bare.get(k) ?? []), s.id]);
  }
  const byTitle = new Map(sources.map((s) => [s.title.trim().toLowerCase(), s.id]));
  const dropped: string[] = [];
  const repaired: Array<{ from: string; to: string }> = [];
  const resolve = (raw: string): string | null => {
    if (ids.has(raw)) return raw;
    const t = raw
      .trim()
      .replace(/^[[(<"'“]+|[\])>"'”.,;]+$/g, '')
      .trim();
    const l = t.toLowerCase();
    const hit = (ids.has(t) ? t : null) ?? lower.get(l) ?? (bare.get(l)?.length === 1 ? bare.get(l)![0] : null) ?? byTitle.get(l) ?? null;
    if (hit) repaired.push({ from: raw, to: hit });
    else dropped.push(raw);
    return hit;
  };
  const out = sections.map((sec) => {
    const cited: string[] = [];
    for (const c of sec.citations) {
      const id = typeof c === 'string' ? resolve(c) : null;
      if (id && !cited.includes(id)) cited.push(id);
    }
    // Ids written into the text: keep (and cite) real ones, remove the rest.
    const body = sec.body.replace(/\[((?:paper|strain|scan):[^\]\s]+)\]/g, (m, id: string) => {
      if (ids.has(id)) {
        if (!cited.includes(id)) cited.push(id);
        return m;
      }
      dropped.push(id);
      return '';
    });
    return { heading: sec.heading, body: body.replace(/ {2,}/g, ' ').trim(), citations: cited };
  });
  return { sections: out, dropped, repaired };
}

export interface SynthesisResult {
  draft: ReportDraft;
  engine: 'local' | 'openai' | 'openai-compatible' | 'local-fallback';
  model: string;
}

/** Write the report with the configured model; a hosted model that fails falls back to the local writer. */
export async function synthesize(ctx: ReportContext, signal?: AbortSignal): Promise<SynthesisResult> {
  const prompt = `Question: ${ctx.question}\n\nSources and focus (JSON):\n${contextBlock(ctx)}\n\nWrite the brief: a summary (2–4 sentences) and 3–6 sections, each citing the source ids it uses.`;
  const w = await writeStructured({
    system: SYSTEM,
    prompt,
    schema: ReportDraft,
    name: REPORT_OUTPUT_NAME,
    local: localReportModel,
    signal,
    onHostedError: (e) => {
      if (signal?.aborted) throw e;
    },
  });
  if (w.by === 'hosted') return { draft: w.output, engine: w.status.name as 'openai' | 'openai-compatible', model: w.status.model };
  if (w.by === 'local-fallback') return { draft: w.output, engine: 'local-fallback', model: w.status.model };
  return { draft: w.output, engine: 'local', model: 'local-analyst' };
}
