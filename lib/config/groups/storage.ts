import { oneOf, str, strOr } from '@/lib/config/define';

export const storage = {
  title: 'Storage',
  vars: {
    driver: oneOf(
      'STORAGE_DRIVER',
      ['local', 'supabase'],
      'local',
      '`local` (files under `STORAGE_DIR`, served at `/api/v1/files/<bucket>/<path>`) or `supabase` (buckets `screenshots`, `images`; make them public)',
    ),
    dir: strOr('STORAGE_DIR', '.data/storage', 'local storage root'),
    serviceRoleKey: str('SUPABASE_SERVICE_ROLE_KEY', 'Supabase Storage (with `STORAGE_DRIVER=supabase`)', { secret: true }),
  },
} as const;
