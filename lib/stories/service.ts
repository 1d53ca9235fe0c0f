/**
 * GET /stories/daily: one story a day, the same for every user, generated once and stored.
 *
 * "Once" holds three ways: concurrent requests in one process share one in-flight promise;
 * across processes the writer holds a transaction-scoped advisory lock on the day while it checks,
 * generates and inserts (a second instance waits, then finds the row); and the day is the primary
 * key, so even a writer that skipped both could not store a second story.
 */
import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { generateStoredImage } from '@/lib/images/service';
import { logger } from '@/lib/log';
import { pickStrainForDate } from '@/lib/stories/pick';
import { findStory, firstStoryDate, insertStory, type DailyStory } from '@/lib/stories/repo';
import { factsOf, writeStory } from '@/lib/stories/write';

export const todayUtc = () => new Date().toISOString().slice(0, 10);

// In-flight generations per database handle (one per process in the service; tests open several
// to act as instances, which then meet at the advisory lock).
const g = globalThis as unknown as { __storyInflight?: WeakMap<Db, Map<string, Promise<DailyStory>>>; __storyGenerations?: number };
const byDb = (g.__storyInflight ??= new WeakMap());

/** How many stories this process has generated (tests prove "once" with it). */
export const storyGenerations = () => g.__storyGenerations ?? 0;

export function storyImagePrompt(s: { name: string; type: string | null }, terpenes: string[], aromas: string[]): string {
  return `Editorial hero illustration for a cannabis strain story: ${s.name}${s.type ? `, a ${s.type}` : ''}; mood drawn from ${[...terpenes, ...aromas].slice(0, 5).join(', ') || 'botanical greens'}; abstract botanical shapes, no text, no people.`;
}

async function generate(db: Db, date: string, signal?: AbortSignal): Promise<DailyStory> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`daily-story:${date}`]);
    const existing = await findStory(tx, date);
    if (existing) return existing;
    const strain = await pickStrainForDate(tx, date);
    if (!strain) throw new ApiError('SERVICE_UNAVAILABLE', 'The catalog has no strain to write about');
    g.__storyGenerations = storyGenerations() + 1;
    const text = await writeStory(factsOf(strain, date), signal);
    let imageUrl: string | null = null;
    try {
      const img = await generateStoredImage(
        storyImagePrompt(
          strain,
          strain.terpenes.slice(0, 3).map((t) => t.name),
          strain.aromas.slice(0, 3),
        ),
        {
          folder: 'stories',
          size: { width: 1200, height: 630 },
          shape: 'landscape',
          signal,
        },
      );
      imageUrl = img.imageUrl;
    } catch (e) {
      // "when one can be made": a story without its picture is still the day's story.
      logger().warn({ err: e instanceof Error ? e.message : String(e), date }, 'daily story: no hero image');
    }
    return insertStory(tx, {
      date,
      strain: { slug: strain.slug, name: strain.name, type: strain.type },
      title: text.title,
      body: text.body,
      highlights: text.highlights,
      imageUrl,
      generatedAt: new Date().toISOString(),
      provider: text.provider,
      model: text.model,
    });
  });
}

/** The stored story for `date`, generating it when it is missing (once, under concurrency). */
export async function ensureStory(db: Db, date: string, signal?: AbortSignal): Promise<DailyStory> {
  const stored = await findStory(db, date);
  if (stored) return stored;
  let inflight = byDb.get(db);
  if (!inflight) byDb.set(db, (inflight = new Map()));
  const running = inflight;
  let p = running.get(date);
  if (!p) {
    // The shared generation must not die with the first caller's request.
    p = generate(db, date).finally(() => running.delete(date));
    running.set(date, p);
  }
  void signal;
  return p;
}

/**
 * The route's rules: a future date is 400; today is generated on first request; a past day is
 * served when stored, generated when it falls after the first story (a missed daily sync), and
 * 404 before the first story.
 */
export async function dailyStory(db: Db, date: string | undefined): Promise<DailyStory> {
  const today = todayUtc();
  const day = date ?? today;
  if (day > today)
    throw new ApiError('VALIDATION_ERROR', 'Validation failed', [{ path: ['date'], message: `No story for a future date (today is ${today} UTC)`, location: 'query' }]);
  const stored = await findStory(db, day);
  if (stored) return stored;
  if (day < today) {
    const first = await firstStoryDate(db);
    if (!first || day < first) throw ApiError.notFound('story', day);
  }
  return ensureStory(db, day);
}

/** The daily sync's part: make sure today's story exists. */
export async function dailyStoryForSync(db: Db): Promise<{ date: string; generated: boolean }> {
  const date = todayUtc();
  const before = await findStory(db, date);
  if (before) return { date, generated: false };
  await ensureStory(db, date);
  return { date, generated: true };
}

export { listStories } from '@/lib/stories/repo';
export type { DailyStory } from '@/lib/stories/repo';
