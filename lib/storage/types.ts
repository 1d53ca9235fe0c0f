import type { Bucket } from '@/lib/storage/path';

export interface StoredObject {
  bucket: Bucket;
  path: string;
  url: string;
  contentType: string;
  bytes: number;
}

export interface ObjectData {
  data: Buffer;
  contentType: string;
}

/** One storage backend. Paths handed to a driver are already validated. */
export interface StorageDriver {
  readonly name: 'local' | 'supabase';
  put(bucket: Bucket, path: string, data: Buffer, contentType: string): Promise<StoredObject>;
  get(bucket: Bucket, path: string): Promise<ObjectData | null>;
  exists(bucket: Bucket, path: string): Promise<boolean>;
  urlFor(bucket: Bucket, path: string): string;
}
