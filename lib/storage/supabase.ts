import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { config } from '@/lib/config';
import type { Bucket } from '@/lib/storage/path';
import type { ObjectData, StorageDriver, StoredObject } from '@/lib/storage/types';

export class StorageConfigError extends Error {}

/**
 * createClient builds a Realtime client eagerly, and on Node 20 (no global WebSocket) that throws.
 * Storage never opens a socket, so a transport that refuses to connect is enough.
 */
class NoRealtimeTransport {
  constructor() {
    throw new Error('Realtime is not used by the storage driver');
  }
}

let cached: { key: string; client: SupabaseClient } | null = null;

function client(): SupabaseClient {
  const url = config().auth.supabaseUrl;
  const key = config().storage.serviceRoleKey;
  if (!url || !key) throw new StorageConfigError('STORAGE_DRIVER=supabase needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const id = `${url}\n${key}`;
  if (!cached || cached.key !== id) {
    cached = {
      key: id,
      client: createClient(url, key, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: NoRealtimeTransport as unknown as typeof WebSocket },
      }),
    };
  }
  return cached.client;
}

function isNotFound(error: unknown): boolean {
  const e = error as { status?: number; statusCode?: string | number; message?: string; originalError?: { status?: number } } | null;
  if (!e) return false;
  const status = Number(e.status ?? e.statusCode ?? e.originalError?.status);
  return status === 404 || (status === 400 && /not.?found/i.test(e.message ?? '')) || /object not found/i.test(e.message ?? '');
}

/** Supabase Storage (buckets `screenshots` and `images`, created beforehand; see docs/storage.md). */
export function supabaseDriver(): StorageDriver {
  const urlFor = (bucket: Bucket, path: string) => client().storage.from(bucket).getPublicUrl(path).data.publicUrl;
  return {
    name: 'supabase',
    async put(bucket, path, data, contentType): Promise<StoredObject> {
      const { error } = await client()
        .storage.from(bucket)
        // Object names are content-addressed, so a year of CDN caching is safe.
        .upload(path, data, { contentType, upsert: true, cacheControl: '31536000' });
      if (error) throw new Error(`Supabase Storage upload failed: ${error.message}`);
      return { bucket, path, url: urlFor(bucket, path), contentType, bytes: data.length };
    },
    async get(bucket, path): Promise<ObjectData | null> {
      const { data, error } = await client().storage.from(bucket).download(path);
      if (error) {
        if (isNotFound(error)) return null;
        throw new Error(`Supabase Storage download failed: ${error.message}`);
      }
      const buf = Buffer.from(await data.arrayBuffer());
      return { data: buf, contentType: data.type || 'application/octet-stream' };
    },
    async exists(bucket, path): Promise<boolean> {
      const { data, error } = await client().storage.from(bucket).exists(path);
      if (error) {
        // storage-js answers data=false for its 400/404 "no such object" replies.
        if (data === false || isNotFound(error)) return false;
        throw new Error(`Supabase Storage lookup failed: ${error.message}`);
      }
      return Boolean(data);
    },
    urlFor,
  };
}
