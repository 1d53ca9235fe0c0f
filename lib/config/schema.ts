import { ai } from './groups/ai';
import { auth } from './groups/auth';
import { database } from './groups/database';
import { hotpath } from './groups/hotpath';
import { ratelimit } from './groups/ratelimit';
import { research } from './groups/research';
import { scrape } from './groups/scrape';
import { server } from './groups/server';
import { social } from './groups/social';
import { storage } from './groups/storage';
import { tasks } from './groups/tasks';
import { vision } from './groups/vision';
import { web } from './groups/web';

/** Every environment variable the service reads, grouped by area (README order). */
export const CONFIG_GROUPS = { server, database, auth, ratelimit, ai, vision, tasks, scrape, storage, web, research, social, hotpath } as const;
