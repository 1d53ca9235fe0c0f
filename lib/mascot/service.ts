import { createHash } from 'node:crypto';
import type { Queryable } from '@/lib/db';
import { generateStoredImage } from '@/lib/images/generate';
import { customPoseSpec, renderMascot, STANDARD_POSES, STANDARD_POSE_KEYS, type PoseSpec, type StandardPose } from '@/lib/mascot/figure';
import { listPoseRows, savePose } from '@/lib/mascot/repo';
import { MASCOT_DESCRIPTION, MASCOT_NAME, MASCOT_SIZE, type MascotPose } from '@/lib/mascot/schemas';

/**
 * The mascot (DECISIONS §11). A model gets one fixed character description plus the pose; the
 * local renderer draws the same figure (lib/mascot/figure.ts) in each pose. Images go through the
 * image pipeline and storage (content-addressed, so a pose is rendered once).
 */

const isStandard = (p: string): p is StandardPose => (STANDARD_POSE_KEYS as string[]).includes(p);

/** `Waving Hello` → `waving-hello`; a name with no ASCII letters gets a short hash. */
export function poseKey(pose: string): string {
  const p = pose.trim().toLowerCase();
  if (isStandard(p)) return p;
  const slug = p
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.length >= 2 ? slug.slice(0, 40) : `pose-${createHash('sha256').update(p).digest('hex').slice(0, 10)}`;
}

export function mascotPrompt(poseTitle: string): string {
  return `${MASCOT_DESCRIPTION} The same character every time. Pose: ${poseTitle}. Centred, full body, plain pale background, square image.`;
}

export async function getMascot(db: Queryable): Promise<{ name: string; description: string; poses: MascotPose[] }> {
  const rows = await listPoseRows(db);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const poses: MascotPose[] = STANDARD_POSE_KEYS.map((key) => {
    const r = byKey.get(key);
    return { key, title: STANDARD_POSES[key].title, imageUrl: r?.image_url ?? null, pngUrl: r?.png_url ?? null, custom: false };
  });
  for (const r of rows) if (r.custom) poses.push({ key: r.key, title: r.title, imageUrl: r.image_url, pngUrl: r.png_url, custom: true });
  return { name: MASCOT_NAME, description: MASCOT_DESCRIPTION, poses };
}

export async function generateMascotPose(db: Queryable, pose: string, signal?: AbortSignal) {
  const key = poseKey(pose);
  const standard = isStandard(key);
  const title = standard ? STANDARD_POSES[key].title : pose.trim();
  const spec: PoseSpec = standard ? STANDARD_POSES[key].spec : customPoseSpec(title);
  const prompt = mascotPrompt(standard ? `${key} (${title})` : title);
  const img = await generateStoredImage(prompt, {
    folder: 'mascot',
    size: MASCOT_SIZE,
    shape: 'card',
    exact: true,
    signal,
    local: { model: 'local-mascot-v1', render: () => renderMascot(spec, MASCOT_SIZE.width) },
  });
  await savePose(db, { key, title, custom: !standard, imageUrl: img.imageUrl, pngUrl: img.pngUrl, prompt, provider: img.provider });
  return { key, title, imageUrl: img.imageUrl, pngUrl: img.pngUrl, prompt, provider: img.provider, width: img.width, height: img.height, cached: img.cached };
}
