import { config } from '@/lib/config';
import { localDriver } from '@/lib/storage/local';
import { assertObjectPath, contentTypeFor, isBucket, type Bucket } from '@/lib/storage/path';
import { supabaseDriver } from '@/lib/storage/supabase';
import type { ObjectData, StorageDriver, StoredObject } from '@/lib/storage/types';

export { BUCKETS, InvalidObjectPathError, assertObjectPath, contentTypeFor, isBucket, localObjectUrl, type Bucket } from '@/lib/storage/path';
export type { ObjectData, StorageDriver, StoredObject } from '@/lib/storage/types';
export { storageRoot } from '@/lib/storage/local';
export { StorageConfigError } from '@/lib/storage/supabase';

export type StorageDriverName = 'local' | 'supabase';

/** STORAGE_DRIVER: `local` (default) or `supabase`. Read per call so tests can switch. */
export function storageDriverName(): StorageDriverName {
  return config().storage.driver === 'supabase' ? 'supabase' : 'local';
}

export function storageDriver(): StorageDriver {
  return storageDriverName() === 'supabase' ? supabaseDriver() : localDriver();
}

function checkBucket(bucket: string): Bucket {
  if (!isBucket(bucket)) throw new Error(`Unknown storage bucket: ${bucket}`);
  return bucket;
}

/** Store an object (overwrites). Returns where it can be read. */
export async function putObject(bucket: Bucket, path: string, data: Buffer, contentType: string): Promise<StoredObject> {
  return storageDriver().put(checkBucket(bucket), assertObjectPath(path), data, contentType || contentTypeFor(path));
}

/** The object, or null when absent. Throws InvalidObjectPathError for unsafe paths. */
export async function getObject(bucket: Bucket, path: string): Promise<ObjectData | null> {
  return storageDriver().get(checkBucket(bucket), assertObjectPath(path));
}

export async function objectExists(bucket: Bucket, path: string): Promise<boolean> {
  return storageDriver().exists(checkBucket(bucket), assertObjectPath(path));
}

/** The URL putObject would answer for this object, without touching storage. */
export function objectUrl(bucket: Bucket, path: string): string {
  return storageDriver().urlFor(checkBucket(bucket), assertObjectPath(path));
}
