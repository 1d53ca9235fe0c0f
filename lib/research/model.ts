import { generateText, Output } from 'ai';
import { z } from 'zod';
import { resolveAiProvider, textModel } from '@/lib/ai/provider';
import { logger } from '@/lib/log';
import { highFamily } from '@/lib/strains/high-family';
import { normalizeTerpeneProfile } from '@/lib/strains/terpenes';
import type { Evidence } from '@/lib/research/evidence';
import type { StrainDraft, SubmissionMetadata } from '@/lib/research/schemas';

const MODEL_TIMEOUT_MS = 15_000;

/** A hosted model is configured and usable (docs/contract.md §4: otherwise the local code runs). */
export function hostedModelConfigured(): boolean {
  const p = resolveAiProvider();
  return p.available && p.name !== 'local';
}

function withTimeout(signal?: AbortSignal): AbortSignal {
  const t = AbortSignal.timeout(MODEL_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, t]) : t;
}

const Verdict = z.object({
  plausible: z.boolean().describe('true when this could be the name of a cannabis strain or cultivar'),
  reason: z.string().describe('one short sentence'),
});

export type VerificationResult = { verdict: 'plausible' | 'implausible'; reason: string } | { verdict: 'unavailable'; reason: string };

/**
 * Ask the configured model whether a name is a plausible strain name. A model that cannot be
 * reached is not a failed verification: the answer is `unavailable` and the caller lets the name
 * through to human review rather than rejecting a real strain because of an outage.
 */
export async function verifyStrainName(name: string, signal?: AbortSignal): Promise<VerificationResult> {
  const model = textModel();
  if (!model) return { verdict: 'unavailable', reason: 'no hosted model configured' };
  try {
    const { output } = await generateText({
      model,
      output: Output.object({ schema: Verdict }),
      system:
        'You screen public submissions to a cannabis strain catalog. Answer whether the text could plausibly be the name of a cannabis strain (cultivar). Invented-sounding names are fine; sentences, spam, slurs, product listings and unrelated words are not.',
      prompt: `Submitted name: ${JSON.stringify(name)}`,
      abortSignal: withTimeout(signal),
      maxRetries: 1,
    });
    return { verdict: output.plausible ? 'plausible' : 'implausible', reason: output.reason };
  } catch (e) {
    logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'strain name verification unavailable');
    return { verdict: 'unavailable', reason: 'model call failed' };
  }
}

const ModelDraft = z.object({
  type: z.enum(['indica', 'sativa', 'hybrid']).nullable(),
  thc: z.number().min(0).max(100).nullable(),
  cbd: z.number().min(0).max(100).nullable(),
  terpenes: z.array(z.object({ name: z.string(), percentage: z.number().min(0).max(100) })).max(10),
  effects: z.array(z.string()).max(8),
  aromas: z.array(z.string()).max(8),
  parents: z.array(z.string()).max(3),
  description: z.string().max(1200),
});

/**
 * Draft with the configured model, grounded in the same evidence the local drafter uses. The
 * submitter's lab figures always win over the model's; on any model failure the local draft is
 * returned with a note, so a research run never fails because a model is down.
 */
export async function draftWithModel(name: string, metadata: SubmissionMetadata, ev: Evidence, local: StrainDraft, signal?: AbortSignal): Promise<StrainDraft> {
  const model = textModel();
  if (!model) return local;
  const context = {
    submitted: metadata,
    universe: ev.universe ? { type: ev.universe.type, sources: ev.universe.sources } : null,
    similarCatalogStrains: ev.relatives.map((r) => ({
      name: r.strain.name,
      similarity: r.similarity,
      type: r.strain.type,
      thc: r.strain.thc,
      cbd: r.strain.cbd,
      terpenes: r.strain.terpenes.slice(0, 5),
      effects: r.strain.effects.slice(0, 6),
    })),
  };
  try {
    const { output } = await generateText({
      model,
      output: Output.object({ schema: ModelDraft }),
      system:
        'You draft cannabis strain profiles for a human reviewer. Use only the evidence given and well-established knowledge; leave a field null or empty rather than guess. Terpene percentages are percent of dry weight (typically 0.05 to 1.5). Effects and aromas are lower-case single words.',
      prompt: `Strain name: ${JSON.stringify(name)}\nEvidence (JSON): ${JSON.stringify(context)}`,
      abortSignal: withTimeout(signal),
      maxRetries: 1,
    });
    const submittedTerps = normalizeTerpeneProfile(metadata.terpenes ?? []);
    const terpenes = submittedTerps.length ? submittedTerps : normalizeTerpeneProfile(output.terpenes);
    const provenance = { ...local.provenance };
    for (const k of ['type', 'thc', 'cbd', 'terpenes', 'effects', 'aromas', 'parents']) if (provenance[k] !== 'submitted') provenance[k] = 'model';
    provenance.description = 'model';
    return {
      ...local,
      type: output.type ?? local.type,
      thc: metadata.cannabinoids?.thc ?? output.thc,
      cbd: metadata.cannabinoids?.cbd ?? output.cbd,
      terpenes,
      highFamily: highFamily(terpenes),
      effects: output.effects.map((e) => e.toLowerCase().trim()).filter(Boolean),
      aromas: output.aromas.map((e) => e.toLowerCase().trim()).filter(Boolean),
      parents: output.parents,
      description: output.description,
      engine: 'model',
      provenance,
    };
  } catch (e) {
    logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'model draft failed; keeping the local draft');
    return { ...local, notes: [...local.notes, 'The configured model failed; this draft was made locally.'] };
  }
}
