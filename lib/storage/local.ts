import { promises as fs } from 'node:fs';
import nodePath from 'node:path';
import { randomUUID } from 'node:crypto';
import { config } from '@/lib/config';
import { contentTypeFor, localObjectUrl, type Bucket } from '@/lib/storage/path';
import type { ObjectData, StorageDriver, StoredObject } from '@/lib/storage/types';

/** STORAGE_DIR (default `.data/storage`), resolved against the working directory. */
export function storageRoot(): string {
  return nodePath.resolve(/* turbopackIgnore: true */ process.cwd(), config().storage.dir);
}

/**
 * Resolve inside the root and prove it stayed there, or null. Paths are validated before they get
 * here; this is the second wall: a symlink planted under the root that leads outside it (or a
 * loop) names no object, so reads answer "not found" rather than an error.
 */
async function resolveInside(root: string, bucket: Bucket, path: string): Promise<string | null> {
  const target = nodePath.resolve(root, bucket, path);
  const base = nodePath.resolve(root, bucket) + nodePath.sep;
  if (!target.startsWith(base)) return null;
  try {
    const real = await fs.realpath(target);
    const realBase = (await fs.realpath(nodePath.resolve(root, bucket))) + nodePath.sep;
    if (!real.startsWith(realBase)) return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOTDIR') return null;
    if (code !== 'ENOENT') throw e;
  }
  return target;
}

// The content type is kept beside the data under a root-level `.meta` tree, which no object path
// can name (segments may not start with a dot and buckets are a fixed list).
function metaPath(root: string, bucket: Bucket, path: string): string {
  return nodePath.join(root, '.meta', bucket, `${path}.json`);
}

async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  await fs.mkdir(nodePath.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file); // atomic on one file system: readers see old or new, never half
}

export function localDriver(): StorageDriver {
  return {
    name: 'local',
    async put(bucket, path, data, contentType): Promise<StoredObject> {
      const root = storageRoot();
      const file = await resolveInside(root, bucket, path);
      if (!file) throw new Error(`Refusing to write outside the storage root: ${bucket}/${path}`);
      await writeAtomic(metaPath(root, bucket, path), JSON.stringify({ contentType }));
      await writeAtomic(file, data);
      return { bucket, path, url: localObjectUrl(bucket, path), contentType, bytes: data.length };
    },
    async get(bucket, path): Promise<ObjectData | null> {
      const root = storageRoot();
      const file = await resolveInside(root, bucket, path);
      if (!file) return null;
      let data: Buffer;
      try {
        const st = await fs.stat(file);
        if (!st.isFile()) return null;
        data = await fs.readFile(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
        throw e;
      }
      let contentType = contentTypeFor(path);
      try {
        const meta = JSON.parse(await fs.readFile(metaPath(root, bucket, path), 'utf8')) as { contentType?: unknown };
        if (typeof meta.contentType === 'string' && meta.contentType) contentType = meta.contentType;
      } catch {
        /* no sidecar: fall back to the extension */
      }
      return { data, contentType };
    },
    async exists(bucket, path): Promise<boolean> {
      const file = await resolveInside(storageRoot(), bucket, path);
      if (!file) return false;
      try {
        return (await fs.stat(file)).isFile();
      } catch {
        return false;
      }
    },
    urlFor: localObjectUrl,
  };
}
