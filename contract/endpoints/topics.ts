/**
 * The interest-topic calls of spec §7.2: the topics list (under userinterestedtopics/) and the
 * per-user lookup and save (under users/; the spec does not show their paths, issue 14 names them).
 */
import { TopicListRequest } from '../referenceLists';
import {
  TopicList,
  topicTexts,
  UpdateUserTopicsRequest,
  UserTopicIds,
  UserTopicIdsRequest,
} from '../topics';
import { endpoint } from './define';

export const topicEndpoints = {
  /**
   * POST userinterestedtopics/list: the enabled topics (page 1, pageSize 999, sortBy Order);
   * every topic with includeDisabled, which only a host may ask for (the admin area's list).
   */
  list: endpoint({
    method: 'POST',
    path: 'userinterestedtopics/list',
    request: TopicListRequest,
    response: TopicList,
    auth: 'user',
  }),
  /** GET users/getUserInterestedTopicsIdList?id=: the ids of the topics the caller chose. */
  userTopicIds: endpoint({
    method: 'GET',
    path: 'users/getUserInterestedTopicsIdList',
    request: UserTopicIdsRequest,
    response: UserTopicIds,
    auth: 'user',
  }),
  /** POST users/updateUserInterestedTopics: replaces the caller's chosen topics (at least 3). */
  updateUserTopics: endpoint({
    method: 'POST',
    path: 'users/updateUserInterestedTopics',
    request: UpdateUserTopicsRequest,
    response: UserTopicIds,
    auth: 'user',
    messages: { topicIds: { required: topicTexts.tooFew } },
  }),
} as const;
