/**
 * Drops (spec §3 Drop) for the carousel of signed-in users: every tenant's drops whose date has
 * come, newest first, paged like the posts (page, pageSize 20). Past the last page the list is
 * empty (the carousel then starts again from the beginning).
 */
import { and, asc, count, desc, eq, lte } from 'drizzle-orm';
import type { ListResponse } from '../../../contract/lists';
import { FEED_PAGE_SIZE, type DropItem, type DropsFeedRequest } from '../../../contract/posts';
import { drops, users, type DropMediaFile } from '../../db/schema';
import type { MediaService } from '../../media/service';
import type { DomainContext } from '../../domain/context';
import { invalid } from '../../domain/errors';

export const dropMessages = {
  sortBy: 'sortBy must be CreatedDate or Date.',
} as const;

const MAX_OFFSET = 2_147_483_647;

export interface DropsContext extends DomainContext {
  media: MediaService;
}

function checkSort(sortBy: string | undefined): void {
  const value = (sortBy ?? '').toLowerCase();
  if (!['', 'createddate', 'date'].includes(value)) throw invalid(dropMessages.sortBy);
}

function toMediaFile(media: MediaService, file: DropMediaFile) {
  return {
    url: media.fileUrl(file.fileId),
    type: file.type,
    width: file.width,
    height: file.height,
  };
}

/** POST /drops/feedList */
export async function dropsFeedList(
  ctx: DropsContext,
  request: DropsFeedRequest,
): Promise<ListResponse<DropItem>> {
  checkSort(request.sortBy);
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? FEED_PAGE_SIZE;
  const direction = (request.sortByDescending ?? true) ? desc : asc;
  const visible = lte(drops.date, ctx.now());
  let totalCount: number | null = null;
  if (request.getTotalCount === true) {
    const [row] = await ctx.db.select({ total: count() }).from(drops).where(visible);
    totalCount = row?.total ?? 0;
  }
  if ((page - 1) * pageSize > MAX_OFFSET) return { list: [], totalCount };
  const rows = await ctx.db
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
    .where(and(visible))
    .orderBy(direction(drops.date), direction(drops.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = rows.map((row) => ({
    id: row.id,
    user: `${row.firstName} ${row.lastName}`.trim(),
    userAvatarUrl: row.userAvatarUrl,
    content: row.content,
    date: row.date.toISOString(),
    reactions: row.reactions,
    media: row.media.map((file) => toMediaFile(ctx.media, file)),
  }));
  return { list, totalCount };
}
