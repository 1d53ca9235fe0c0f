import { createApiClient } from '@/packages/client/src';
import { getUserSession } from '@/lib/client/session';

/**
 * The demo pages' instances of the typed client (packages/client), the same one native apps and
 * other frontends use: same origin, typed paths and answers. `userApi` adds the visitor's token
 * (Supabase session, pasted token or the development session) to every call.
 */
export const publicApi = createApiClient({ baseUrl: '' });
export const userApi = createApiClient({ baseUrl: '', token: async () => (await getUserSession()).token });
