import { ai } from '@/lib/config/groups/ai';
import { auth } from '@/lib/config/groups/auth';
import { database } from '@/lib/config/groups/database';
import { hotpath } from '@/lib/config/groups/hotpath';
import { ratelimit } from '@/lib/config/groups/ratelimit';
import { research } from '@/lib/config/groups/research';
import { scrape } from '@/lib/config/groups/scrape';
import { server } from '@/lib/config/groups/server';
import { social } from '@/lib/config/groups/social';
import { storage } from '@/lib/config/groups/storage';
import { tasks } from '@/lib/config/groups/tasks';
import { vision } from '@/lib/config/groups/vision';
import { web } from '@/lib/config/groups/web';

/** Every environment variable the service reads, grouped by area (README order). */
export const CONFIG_GROUPS = { server, database, auth, ratelimit, ai, vision, tasks, scrape, storage, web, research, social, hotpath } as const;
