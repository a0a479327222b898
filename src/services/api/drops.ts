/** The drops feed (POST drops/feedList, paged like posts) for signed-in people. */
import { apiPaths } from '../../../contract/paths';
import { DropList, type DropItem, type DropsFeedRequest } from '../../../contract/posts';
import { dataOrThrow } from '../apiResponse';
import type { HttpClient } from '../http';
import type { CallOptions } from './auth';

export interface DropsApi {
  /**
   * POST drops/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true,
   * getTotalCount false): the page's drops (data.list); an empty list past the last page.
   */
  feedList(request: DropsFeedRequest, options?: CallOptions): Promise<DropItem[]>;
}

export function createDropsApi(http: HttpClient): DropsApi {
  return {
    async feedList(request, options) {
      return dataOrThrow(await http.post(apiPaths.dropsFeedList, DropList, request, options)).list;
    },
  };
}
