/**
 * The variables the browser bundle reads. Next inlines `process.env.NEXT_PUBLIC_*` only when
 * written out literally, so they are read here by name (declared, with their meaning, in
 * lib/config/groups/web.ts).
 */
export const publicConfig = {
  supabaseUrl: process.env.NEXT_PUBLIC_SUPABASE_URL || undefined,
  supabaseAnonKey: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || undefined,
  taskRunner: process.env.NEXT_PUBLIC_TASK_RUNNER === 'trigger' ? ('trigger' as const) : ('local' as const),
  triggerApiUrl: process.env.NEXT_PUBLIC_TRIGGER_API_URL || undefined,
};
