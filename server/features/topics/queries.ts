/** The topics' queries (architecture.md §2: routes -> domain -> queries). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { topics, userInterestedTopics, type TopicRow } from '../../db/schema';

export type { TopicRow };

/** The enabled topics, by their order (then id). */
export function selectEnabledTopics(db: Queryable): Promise<TopicRow[]> {
  return db
    .select()
    .from(topics)
    .where(eq(topics.enabled, true))
    .orderBy(asc(topics.order), asc(topics.id));
}

/** Every topic, disabled ones too (a host's list), by their order (then id). */
export function selectAllTopics(db: Queryable): Promise<TopicRow[]> {
  return db.select().from(topics).orderBy(asc(topics.order), asc(topics.id));
}

/** Which of `ids` are enabled topics. */
export async function selectEnabledTopicIds(db: Queryable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.enabled, true), inArray(topics.id, ids)));
  return rows.map((row) => row.id);
}

/** The ids of the topics a user chose, by the topics' order. */
export async function selectUserTopicIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userInterestedTopics.topicId })
    .from(userInterestedTopics)
    .innerJoin(topics, eq(topics.id, userInterestedTopics.topicId))
    .where(eq(userInterestedTopics.userId, userId))
    .orderBy(asc(topics.order), asc(topics.id));
  return rows.map((row) => row.id);
}

/** Replaces a user's chosen topics (call inside a transaction). */
export async function replaceUserTopics(
  db: Queryable,
  userId: number,
  topicIds: number[],
): Promise<void> {
  await db.delete(userInterestedTopics).where(eq(userInterestedTopics.userId, userId));
  if (topicIds.length === 0) return;
  await db.insert(userInterestedTopics).values(topicIds.map((topicId) => ({ userId, topicId })));
}
