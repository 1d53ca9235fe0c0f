import { oneOf, str, url } from '@/lib/config/define';

/** Read in the browser through lib/config/public.ts (Next inlines them at build time). */
export const web = {
  title: 'Web pages',
  vars: {
    supabaseUrl: url('NEXT_PUBLIC_SUPABASE_URL', 'with the anon key, the pages take the user token from the Supabase session'),
    supabaseAnonKey: str('NEXT_PUBLIC_SUPABASE_ANON_KEY', 'Supabase anon key for the pages'),
    taskRunner: oneOf('NEXT_PUBLIC_TASK_RUNNER', ['local', 'trigger'], 'local', '`trigger` makes `/shop` use `@trigger.dev/react-hooks`'),
    triggerApiUrl: url('NEXT_PUBLIC_TRIGGER_API_URL', 'realtime API for the hooks', { show: 'Trigger.dev cloud' }),
  },
} as const;
