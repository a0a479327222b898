/** The drops calls of spec §7.2 (drops/...). */
import { DropList, DropsFeedRequest } from '../posts';
import { endpoint } from './define';

export const dropEndpoints = {
  /**
   * POST drops/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true,
   * getTotalCount false): the page's drops (data.list); an empty list past the last page.
   */
  feedList: endpoint({
    method: 'POST',
    path: 'drops/feedList',
    request: DropsFeedRequest,
    response: DropList,
    auth: 'user',
  }),
} as const;
