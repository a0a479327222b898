import { topicEndpoints } from '../../../contract/endpoints/topics';
import { REFERENCE_LIST_REQUEST } from '../../../contract/lists';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export function createTopicsApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /** POST userinterestedtopics/list: the enabled topics (page 1, pageSize 999, sortBy Order). */
    list: async (options?: CallOptions) =>
      (await data(topicEndpoints.list, { ...REFERENCE_LIST_REQUEST, sortBy: 'Order' }, options))
        .list,
    /** GET users/getUserInterestedTopicsIdList?id=: the ids of the topics the person chose. */
    chosenIds: async (userId: number, options?: CallOptions) =>
      (await data(topicEndpoints.userTopicIds, { id: userId }, options)).list.map(
        (item) => item.id,
      ),
    /** POST users/updateUserInterestedTopics: replaces the person's topics (at least 3). */
    save: async (userId: number, topicIds: readonly number[], options?: CallOptions) =>
      (
        await data(topicEndpoints.updateUserTopics, { userId, topicIds: [...topicIds] }, options)
      ).list.map((item) => item.id),
  };
}

export type TopicsApi = ReturnType<typeof createTopicsApi>;
