import { dropEndpoints } from '../../../contract/endpoints/drops';
import type { DropItem, DropsFeedRequest } from '../../../contract/posts';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export interface DropsApi {
  /**
   * POST drops/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true,
   * getTotalCount false): the page's drops (data.list); an empty list past the last page.
   */
  feedList(request: DropsFeedRequest, options?: CallOptions): Promise<DropItem[]>;
}

export function createDropsApi(http: HttpClient): DropsApi {
  const call = createCall(http);
  return {
    feedList: async (request, options) =>
      dataOrThrow(await call(dropEndpoints.feedList, request, options)).list,
  };
}
