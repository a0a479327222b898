import { topicEndpoints } from '../../../contract/endpoints/topics';
import { REFERENCE_LIST_REQUEST } from '../../../contract/lists';
import type { Topic } from '../../../contract/topics';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export interface TopicsApi {
  /** POST userinterestedtopics/list: the enabled topics (page 1, pageSize 999, sortBy Order). */
  list(options?: CallOptions): Promise<Topic[]>;
  /** GET users/getUserInterestedTopicsIdList?id=: the ids of the topics the person chose. */
  chosenIds(userId: number, options?: CallOptions): Promise<number[]>;
  /** POST users/updateUserInterestedTopics: replaces the person's topics (at least 3). */
  save(userId: number, topicIds: readonly number[], options?: CallOptions): Promise<number[]>;
}

export function createTopicsApi(http: HttpClient): TopicsApi {
  const call = createCall(http);
  return {
    list: async (options) =>
      dataOrThrow(
        await call(topicEndpoints.list, { ...REFERENCE_LIST_REQUEST, sortBy: 'Order' }, options),
      ).list,
    chosenIds: async (userId, options) =>
      dataOrThrow(await call(topicEndpoints.userTopicIds, { id: userId }, options)).list.map(
        (item) => item.id,
      ),
    save: async (userId, topicIds, options) =>
      dataOrThrow(
        await call(topicEndpoints.updateUserTopics, { userId, topicIds: [...topicIds] }, options),
      ).list.map((item) => item.id),
  };
}
