import { topicEndpoints } from '../../../contract/endpoints/topics';
import { REFERENCE_LIST_REQUEST } from '../../../contract/lists';
import type { TopicListRequest } from '../../../contract/referenceLists';
import type { Topic } from '../../../contract/topics';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/**
 * Spec §7.2 Topics: POST list (page 1, pageSize 999, sortBy Order, sortByDescending false,
 * getTotalCount false, showFirstGuid): no topic is asked to lead, so showFirstGuid is empty.
 */
export const TOPIC_LIST_REQUEST: TopicListRequest = {
  ...REFERENCE_LIST_REQUEST,
  sortBy: 'Order',
  showFirstGuid: '',
};

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
      dataOrThrow(await call(topicEndpoints.list, TOPIC_LIST_REQUEST, options)).list,
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
