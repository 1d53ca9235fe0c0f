import type { Queryable } from '@/lib/db';

/** The only module that reads and writes `mascot_poses`. */

export interface PoseRow {
  key: string;
  title: string;
  custom: boolean;
  image_url: string;
  png_url: string;
  prompt: string;
  provider: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function listPoseRows(db: Queryable): Promise<PoseRow[]> {
  const r = await db.query<PoseRow>(`SELECT key, title, custom, image_url, png_url, prompt, provider, created_at, updated_at FROM mascot_poses ORDER BY custom, created_at, key`);
  return r.rows;
}

export async function savePose(
  db: Queryable,
  p: { key: string; title: string; custom: boolean; imageUrl: string; pngUrl: string; prompt: string; provider: string },
): Promise<void> {
  await db.query(
    `INSERT INTO mascot_poses (key, title, custom, image_url, png_url, prompt, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (key) DO UPDATE
       SET title = EXCLUDED.title, image_url = EXCLUDED.image_url, png_url = EXCLUDED.png_url,
           prompt = EXCLUDED.prompt, provider = EXCLUDED.provider, updated_at = now()`,
    [p.key, p.title, p.custom, p.imageUrl, p.pngUrl, p.prompt, p.provider],
  );
}
