/** The research-paper library as the chat's `searchPapers` tool sees it (null when not installed). */
import type { Queryable } from '@/lib/db';
import type { PapersPort } from './tools';

export async function papersPort(db: Queryable): Promise<PapersPort | null> {
  void db;
  return null;
}
