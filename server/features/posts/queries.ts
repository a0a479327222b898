/**
 * The posts' queries (architecture.md §2: routes -> domain -> queries): the feed's prepared
 * statements, and the statements on one author's posts.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  min,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { OwnPostStatus } from '../../../contract/posts';
import type { Queryable } from '../../db/database';
import { posts, users, type PostRow } from '../../db/schema';

export type { PostRow };
export type NewPostRow = typeof posts.$inferInsert;

export type PostSort = 'CreatedDate' | 'PublishedDate';

/** Where a page starts: just after the post with this sort value and id. */
export interface FeedCursorRow {
  at: Date;
  id: number;
}

const sortColumn = (sort: PostSort) =>
  sort === 'PublishedDate' ? posts.publishedDate : posts.createdAt;

/** The published, non-draft posts whose time has come (the partial indexes' predicate first). */
const inFeed = (now: Date | Placeholder) =>
  sql`${posts.isPublished} and not ${posts.isDraft} and ${posts.publishedDate} <= ${now instanceof Date ? now.toISOString() : now}::timestamptz`;

const feedColumns = {
  id: posts.id,
  guid: posts.guid,
  message: posts.message,
  link: posts.link,
  publishedDate: posts.publishedDate,
  createdAt: posts.createdAt,
  mediaFileId: posts.mediaFileId,
  mediaWidth: posts.mediaWidth,
  mediaHeight: posts.mediaHeight,
  userHandle: users.handle,
  userAvatarUrl: users.avatarUrl,
};

export interface FeedRow {
  id: number;
  guid: string;
  message: string;
  link: string;
  publishedDate: Date;
  createdAt: Date;
  mediaFileId: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  userHandle: string;
  userAvatarUrl: string;
}

export interface FeedQuery {
  sort: PostSort;
  descending: boolean;
  now: Date;
  after: FeedCursorRow | undefined;
  offset: number;
  limit: number;
}

/**
 * The feed's query for one sort, direction and start (the top, or after a keyset cursor), with
 * the moment, the cursor and the page's limit and offset as placeholders. Every feed read that
 * misses the page memory runs one, so it is built and prepared once per database and variant:
 * building the query on each request cost about a third of its time on PGlite.
 */
function buildFeedStatement(
  db: Queryable,
  name: string,
  sort: PostSort,
  descending: boolean,
  keyset: boolean,
) {
  const column = sortColumn(sort);
  const conditions: SQL[] = [inFeed(sql.placeholder('now'))];
  if (keyset) {
    const cursor = sql`(${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::integer)`;
    conditions.push(
      descending
        ? sql`(${column}, ${posts.id}) < ${cursor}`
        : sql`(${column}, ${posts.id}) > ${cursor}`,
    );
  }
  const direction = descending ? desc : asc;
  return db
    .select(feedColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(...conditions))
    .orderBy(direction(column), direction(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

type FeedStatement = ReturnType<typeof buildFeedStatement>;
const feedStatements = new WeakMap<Queryable, Map<string, FeedStatement>>();

function feedStatement(db: Queryable, sort: PostSort, descending: boolean, keyset: boolean) {
  let statements = feedStatements.get(db);
  if (statements === undefined) {
    statements = new Map();
    feedStatements.set(db, statements);
  }
  const name = `feed_${sort}_${descending ? 'desc' : 'asc'}_${keyset ? 'after' : 'top'}`;
  let statement = statements.get(name);
  if (statement === undefined) {
    statement = buildFeedStatement(db, name, sort, descending, keyset);
    statements.set(name, statement);
  }
  return statement;
}

/** A run of the feed: from the top or after a cursor, with an offset and a limit. */
export function readFeed(db: Queryable, query: FeedQuery): Promise<FeedRow[]> {
  const { after } = query;
  return feedStatement(db, query.sort, query.descending, after !== undefined).execute({
    now: query.now.toISOString(),
    afterAt: after?.at.toISOString(),
    afterId: after?.id,
    limit: query.limit,
    offset: query.offset,
  });
}

/** When the next scheduled post becomes visible: the feed's order changes then. */
export async function nextScheduledPublish(db: Queryable, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ next: min(posts.publishedDate) })
    .from(posts)
    .where(
      sql`${posts.isPublished} and not ${posts.isDraft} and ${posts.publishedDate} > ${now.toISOString()}::timestamptz`,
    );
  return row?.next ?? undefined;
}

/** The post with this guid if it is in the feed at `now`. */
export async function selectFeedPostByGuid(
  db: Queryable,
  guid: string,
  now: Date,
): Promise<FeedRow | undefined> {
  const [row] = await db
    .select(feedColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.guid, guid), inFeed(now)));
  return row;
}

export async function countFeed(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(posts).where(inFeed(now));
  return row?.total ?? 0;
}

export async function selectPostById(db: Queryable, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  return row;
}

export async function selectPostByGuid(db: Queryable, guid: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.guid, guid));
  return row;
}

export async function insertPost(db: Queryable, values: NewPostRow): Promise<PostRow | undefined> {
  const [row] = await db.insert(posts).values(values).returning();
  return row;
}

export type PostChanges = Partial<
  Pick<PostRow, 'message' | 'link' | 'publishedDate' | 'isDraft' | 'isPublished'>
>;

export async function updatePostRow(
  db: Queryable,
  id: number,
  changes: PostChanges,
): Promise<PostRow | undefined> {
  const [row] = await db.update(posts).set(changes).where(eq(posts.id, id)).returning();
  return row;
}

/** Deletes a post; false when there was none with this id. */
export async function deletePostRow(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}

/** How many posts show this media file. */
export async function countPostsWithFile(db: Queryable, fileId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(posts)
    .where(eq(posts.mediaFileId, fileId));
  return row?.total ?? 0;
}

export interface AuthorPostsQuery {
  userId: number;
  tenantId: number;
  /** Text the message contains, in any letter case ('' for every post). */
  search: string;
  /** Only the posts of this status at `now` (see `ownStatusWhere`); undefined for all. */
  status?: { status: OwnPostStatus; now: Date } | undefined;
}

/**
 * The statuses of My posts: a draft (or a post taken out of the feed with setIsPublished, so it
 * can be found again), scheduled (its publish date still to come) or published (in the feed).
 */
function ownStatusWhere({ status, now }: { status: OwnPostStatus; now: Date }): SQL {
  const at = now.toISOString();
  switch (status) {
    case 'draft':
      return sql`(${posts.isDraft} or not ${posts.isPublished})`;
    case 'scheduled':
      return sql`${posts.isPublished} and not ${posts.isDraft} and ${posts.publishedDate} > ${at}::timestamptz`;
    case 'published':
      return inFeed(now);
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const authorPostsWhere = (query: AuthorPostsQuery) =>
  and(
    eq(posts.userId, query.userId),
    eq(posts.tenantId, query.tenantId),
    query.search === '' ? undefined : ilike(posts.message, `%${escapeLike(query.search)}%`),
    query.status === undefined ? undefined : ownStatusWhere(query.status),
  );

/** A page of one author's posts in one tenant, drafts included. */
export function selectAuthorPosts(
  db: Queryable,
  query: AuthorPostsQuery & { sort: PostSort; descending: boolean; limit: number; offset: number },
): Promise<PostRow[]> {
  const direction = query.descending ? desc : asc;
  return db
    .select()
    .from(posts)
    .where(authorPostsWhere(query))
    .orderBy(direction(sortColumn(query.sort)), direction(posts.id))
    .limit(query.limit)
    .offset(query.offset);
}

export async function countAuthorPosts(db: Queryable, query: AuthorPostsQuery): Promise<number> {
  const [row] = await db.select({ total: count() }).from(posts).where(authorPostsWhere(query));
  return row?.total ?? 0;
}
