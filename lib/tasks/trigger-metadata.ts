import { metadata } from '@trigger.dev/sdk';
import type { MetadataPort } from '@/lib/tasks/types';

type TriggerMetadata = Pick<typeof metadata, 'set' | 'get' | 'flush'>;

/**
 * Trigger.dev's run metadata as a MetadataPort, so `runMenuScan` runs unchanged on Trigger.dev.
 * Values must be JSON; `flush` pushes the queued operations (PUT /api/v1/runs/:id/metadata).
 */
export function triggerMetadataPort(m: TriggerMetadata = metadata): MetadataPort {
  const port: MetadataPort = {
    set(key, value) {
      m.set(key, JSON.parse(JSON.stringify(value ?? null)));
      return port;
    },
    get(key) {
      return m.get(key);
    },
    flush() {
      return m.flush();
    },
  };
  return port;
}
