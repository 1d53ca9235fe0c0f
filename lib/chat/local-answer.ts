/** The local assistant (lib/chat/local-assistant.ts): writing the answer from tool results only. */
import { TERPENE_INFO } from '@/lib/strains/terpenes';
import { PHOTO_LINE, type Recognised, type ToolStep } from '@/lib/chat/local-intent';
import type { StrainBrief, StrainDetailOut } from '@/lib/chat/tools';

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
