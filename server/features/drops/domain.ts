/**
 * Drops (spec §3 Drop) for the carousel of signed-in users: every tenant's drops whose date has
 * come, newest first, paged like the posts (page, pageSize 20). Past the last page the list is
 * empty (the carousel then starts again from the beginning).
 */
import type { ListResponse } from '../../../contract/lists';
import { FEED_PAGE_SIZE, type DropItem, type DropsFeedRequest } from '../../../contract/posts';
import type { MediaService } from '../../media/service';
import type { DomainContext } from '../../domain/context';
import { invalid } from '../../domain/errors';
import { countVisibleDrops, selectVisibleDrops, type DropMediaFile } from './queries';

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
  const now = ctx.now();
  const totalCount = request.getTotalCount === true ? await countVisibleDrops(ctx.db, now) : null;
  if ((page - 1) * pageSize > MAX_OFFSET) return { list: [], totalCount };
  const rows = await selectVisibleDrops(ctx.db, {
    now,
    descending: request.sortByDescending ?? true,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
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
