import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { generateStoredImage } from '@/lib/images/generate';
import { forgetCompleteProfile } from '@/lib/strains/service';
import { getStrainBySlug } from '@/lib/strains/repo';
import type { Strain } from '@/lib/strains/types';
import { saveHeroImage } from '@/lib/hero/repo';
import { HERO_SIZE, type HeroSubject } from '@/lib/hero/schemas';

/**
 * Hero banners (DECISIONS §11): 1600×900, through the image pipeline of lib/images (OpenAI's
 * image model when configured, else the local artwork renderer) and storage (content-addressed
 * names, so the same prompt is rendered once and a second call answers `cached: true`).
 */

const STYLE =
  'Wide cinematic banner (16:9), abstract botanical illustration, soft gradients and organic shapes, no text, no letters, no logos, no people, no smoke. Keep the horizontal centre band calm so a page title can sit over it.';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** Built from the record alone, so the same strain always yields the same prompt (and image). */
export function strainHeroPrompt(s: Strain): string {
  const terps = s.terpenes.slice(0, 3).map((t) => t.name);
  const parts = [`Hero banner for the cannabis strain page "${clip(s.name, 120)}"`];
  if (s.type) parts.push(`a ${s.type}`);
  if (terps.length) parts.push(`terpene motifs: ${terps.join(', ')}`);
  if (s.aromas.length) parts.push(`aroma palette: ${s.aromas.slice(0, 4).join(', ')}`);
  if (s.effects.length) parts.push(`mood: ${s.effects.slice(0, 3).join(', ')}`);
  return `${parts.join('; ')}. ${STYLE}`;
}

export function pageHeroPrompt(slug: string): string {
  return `Hero banner for the "${slug.replace(/-/g, ' ')}" page of a cannabis strain guide. ${STYLE}`;
}

export function customHeroPrompt(subject: HeroSubject, slug: string, prompt: string): string {
  return `Hero banner for the ${subject} "${slug}": ${clip(prompt.trim(), 1000)}. ${STYLE}`;
}

export interface HeroResult {
  url: string;
  webpUrl: string;
  width: 1600;
  height: 900;
  cached: boolean;
}

export async function generateHeroImage(db: Queryable, input: { subject: HeroSubject; slug: string; prompt?: string }, signal?: AbortSignal): Promise<HeroResult> {
  let prompt: string;
  if (input.subject === 'strain') {
    const strain = await getStrainBySlug(db, input.slug);
    if (!strain) throw ApiError.notFound('strain', input.slug);
    prompt = input.prompt ? customHeroPrompt('strain', strain.name, input.prompt) : strainHeroPrompt(strain);
  } else {
    prompt = input.prompt ? customHeroPrompt('page', input.slug, input.prompt) : pageHeroPrompt(input.slug);
  }
  const img = await generateStoredImage(prompt, { folder: 'hero', size: HERO_SIZE, shape: 'landscape', exact: true, signal });
  await saveHeroImage(db, {
    subject: input.subject,
    slug: input.slug,
    url: img.pngUrl,
    webpUrl: img.imageUrl,
    width: HERO_SIZE.width,
    height: HERO_SIZE.height,
    prompt,
    provider: img.provider,
  });
  // The strain's complete profile is cached for 15 minutes; it names the new image at once.
  if (input.subject === 'strain') forgetCompleteProfile(input.slug);
  return { url: img.pngUrl, webpUrl: img.imageUrl, width: HERO_SIZE.width, height: HERO_SIZE.height, cached: img.cached };
}
