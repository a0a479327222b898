/** The drops' queries (architecture.md §2: routes -> domain -> queries). */
import { and, asc, count, desc, eq, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { drops, users, type DropMediaFile } from '../../db/schema';

export type { DropMediaFile };

/** How many drops are visible at `now`. */
export async function countVisibleDrops(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(drops).where(lte(drops.date, now));
  return row?.total ?? 0;
}

export interface DropPageQuery {
  now: Date;
  descending: boolean;
  limit: number;
  offset: number;
}

/** A page of the drops visible at `now`, by date (then id), with their authors' names. */
export function selectVisibleDrops(db: Queryable, query: DropPageQuery) {
  const direction = query.descending ? desc : asc;
  return db
    .select({
      id: drops.id,
      firstName: users.firstName,
      lastName: users.lastName,
      userAvatarUrl: users.avatarUrl,
      content: drops.content,
      date: drops.date,
      reactions: drops.reactions,
      media: drops.media,
    })
    .from(drops)
    .innerJoin(users, eq(users.id, drops.userId))
    .where(and(lte(drops.date, query.now)))
    .orderBy(direction(drops.date), direction(drops.id))
    .limit(query.limit)
    .offset(query.offset);
}
