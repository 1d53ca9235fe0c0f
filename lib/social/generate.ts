import { listStories, type DailyStory } from '@/lib/stories/repo';
import type { Queryable } from '@/lib/db';
import { config } from '@/lib/config';
import { getHeroImage } from '@/lib/hero/repo';
import { listBlogPosts, type BlogPost } from '@/lib/images/blog';
import { listSubmissions } from '@/lib/research/repo';
import { getStrainBySlug } from '@/lib/strains/repo';
import type { Strain } from '@/lib/strains/types';
import { fitText, PLATFORMS, type Platform } from '@/lib/social/length';
import { insertDraft, type NewDraft } from '@/lib/social/repo';
import type { DraftKind, GenerateDraftsResult, SocialDraft, SourceKind } from '@/lib/social/schemas';

/**
 * Drafts for the day's content (DECISIONS §11): the daily story (once that group exists),
 * strains approved from research submissions and newly published blog posts, one draft per
 * platform and source. The unique key (platform, source) makes a second run, or two at once,
 * create nothing new; rejected drafts are never re-drafted either.
 */

export const DEFAULT_WINDOW_MS = 7 * 24 * 3600 * 1000;

interface SourceItem {
  kind: SourceKind;
  draftKind: DraftKind;
  id: string;
  title: string;
  /** Per-platform text before hashtags and link: short (x, bluesky), medium (threads), long. */
  short: string;
  medium: string;
  long: string;
  hashtags: string[];
  link: string | null;
  imageUrl: string | null;
}

const HASHTAG_COUNT: Record<Platform, number> = { x: 2, bluesky: 2, threads: 3, instagram: 8, facebook: 3 };

/** `Blue Dream #3` → `BlueDream3`; empty when nothing usable is left. */
export function toHashtag(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')
    .slice(0, 100);
}

function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags.map(toHashtag)) {
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

function link(path: string): string | null {
  const base = config().social.siteUrl;
  return base ? `${base.replace(/\/+$/, '')}${path}` : null;
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');
const list = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

export function strainSource(s: Strain, imageUrl: string | null): SourceItem {
  const terps = s.terpenes.slice(0, 2).map((t) => t.name);
  const kind = s.type ?? 'cultivar';
  const lead = `New in the catalog: ${s.name}, ${article(kind)} ${kind}${terps.length ? ` led by ${list(terps)}` : ''}.`;
  const effects = s.effects.length ? ` People report ${list(s.effects.slice(0, 3).map((e) => e.toLowerCase()))}.` : '';
  const aromas = s.aromas.length ? ` Aroma: ${list(s.aromas.slice(0, 3).map((a) => a.toLowerCase()))}.` : '';
  const thc = s.thc !== null ? ` THC around ${Math.round(s.thc)}%.` : '';
  const desc = s.description ? ` ${s.description.trim()}` : '';
  return {
    kind: 'strain',
    draftKind: 'new_strain',
    id: s.slug,
    title: s.name,
    short: `${lead}${effects}`,
    medium: `${lead}${effects}${aromas}${thc}`,
    long: `${lead}${effects}${aromas}${thc}${desc}\n\nThe full terpene profile and similar strains are on its page.`,
    hashtags: uniqueTags(['cannabis', s.name, ...terps, ...(s.type ? [s.type] : []), 'terpenes', 'strains', 'cannabiscommunity']),
    link: link(`/strains/${s.slug}`),
    imageUrl,
  };
}

export function blogSource(p: BlogPost): SourceItem {
  const lead = `New on the blog: ${p.title}`;
  return {
    kind: 'blog_post',
    draftKind: 'blog_post',
    id: p.slug,
    title: p.title,
    short: `${lead}. ${p.excerpt}`,
    medium: `${lead}. ${p.excerpt}`,
    long: `${lead}\n\n${p.excerpt}\n\n${p.body.split(/\n\n/)[0] ?? ''}`.trim(),
    hashtags: uniqueTags(['cannabis', ...p.tags, 'cannabiseducation']),
    link: link(`/blog/${p.slug}`),
    imageUrl: p.heroImage?.url ?? null,
  };
}

/** The draft of one source for one platform, its text shortened to fit where needed. */
export function draftFor(item: SourceItem, platform: Platform): NewDraft {
  const body = platform === 'x' || platform === 'bluesky' ? item.short : platform === 'threads' ? item.medium : item.long;
  const hashtags = item.hashtags.slice(0, HASHTAG_COUNT[platform]);
  const text = fitText(platform, { text: body, hashtags, link: item.link });
  return { platform, kind: item.draftKind, text, hashtags, imageUrl: item.imageUrl, link: item.link, sourceKind: item.kind, sourceId: item.id };
}

async function approvedStrains(db: Queryable, since: number): Promise<SourceItem[]> {
  const out: SourceItem[] = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await listSubmissions(db, { status: 'approved', limit: 100, offset });
    for (const sub of page.items) {
      if (!sub.strainSlug || !sub.reviewedAt || Date.parse(sub.reviewedAt) < since) continue;
      const strain = await getStrainBySlug(db, sub.strainSlug);
      if (!strain) continue;
      const hero = await getHeroImage(db, 'strain', strain.slug);
      out.push(strainSource(strain, hero?.webpUrl ?? null));
    }
    if (offset + page.items.length >= page.total) break;
  }
  return out;
}

async function newBlogPosts(db: Queryable, since: number, now: number): Promise<SourceItem[]> {
  const out: SourceItem[] = [];
  // Newest first: stop at the first post older than the window.
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await listBlogPosts(db, { limit: 100, offset });
    for (const p of page.items) {
      const at = Date.parse(p.publishedAt);
      if (at < since) return out;
      if (at <= now) out.push(blogSource(p));
    }
    if (offset + page.items.length >= page.total) break;
  }
  return out;
}

/** The day's story: one draft per platform for each story generated inside the window. */
export function storySource(story: DailyStory): SourceItem {
  const lead = `Strain of the day: ${story.strain.name}. ${story.title}`;
  const first = story.body.split(/\n\n/)[0] ?? '';
  return {
    kind: 'story',
    draftKind: 'daily_story',
    id: story.date,
    title: story.title,
    short: `${lead}.`,
    medium: `${lead}. ${story.highlights.slice(0, 2).join(' ')}`.trim(),
    long: `${lead}\n\n${first}`.trim(),
    hashtags: uniqueTags(['cannabis', 'strainoftheday', story.strain.slug.replace(/-/g, '')]),
    link: link(`/stories`),
    imageUrl: story.imageUrl,
  };
}

async function dailyStories(db: Queryable, since: number): Promise<SourceItem[]> {
  const out: SourceItem[] = [];
  const page = await listStories(db, { limit: 31, offset: 0 }); // newest first
  for (const story of page.items) if (Date.parse(story.generatedAt) >= since) out.push(storySource(story));
  return out;
}

export async function generateSocialDrafts(db: Queryable, opts: { since?: string; platforms?: Platform[]; now?: number } = {}): Promise<GenerateDraftsResult> {
  const now = opts.now ?? Date.now();
  const since = opts.since ? Date.parse(opts.since) : now - DEFAULT_WINDOW_MS;
  const platforms = opts.platforms ?? [...PLATFORMS];
  const sources = [...(await dailyStories(db, since)), ...(await approvedStrains(db, since)), ...(await newBlogPosts(db, since, now))];
  const drafts: SocialDraft[] = [];
  let skipped = 0;
  for (const item of sources) {
    for (const platform of platforms) {
      const created = await insertDraft(db, draftFor(item, platform));
      if (created) drafts.push(created);
      else skipped++;
    }
  }
  return { created: drafts.length, skipped, sources: sources.map((s) => ({ kind: s.kind, id: s.id, title: s.title })), drafts };
}
