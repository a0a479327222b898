import { dropEndpoints } from '../../../contract/endpoints/drops';
import type { DropsFeedRequest } from '../../../contract/posts';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export function createDropsApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /**
     * POST drops/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true,
     * getTotalCount false): the page's drops (data.list); an empty list past the last page.
     */
    feedList: async (request: DropsFeedRequest, options?: CallOptions) =>
      (await data(dropEndpoints.feedList, request, options)).list,
  };
}

export type DropsApi = ReturnType<typeof createDropsApi>;
