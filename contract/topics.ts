/**
 * Interest topics (spec §3 Topic, §5 Topics, §7.2 Topics and Users): the reference list a person
 * chooses from in onboarding, and the ids they chose.
 */
import { array, boolean, integer, object, string, type Describe } from 'superstruct';
import { ListResponse } from './lists';
import { Id } from './structs';

/** Spec §9: at least this many topics are chosen. */
export const MINIMUM_TOPICS = 3;

export const topicTexts = {
  /** Spec §5 Topics: the button's text below the minimum. */
  tooFew: `Choose at least ${MINIMUM_TOPICS} Topics`,
  unknown: 'One of the chosen topics is not available; reload and choose again.',
  notYours: 'You can only see and change your own topics.',
} as const;

export interface Topic {
  id: number;
  name: string;
  order: number;
  enabled: boolean;
}
export const Topic: Describe<Topic> = object({
  id: integer(),
  name: string(),
  order: integer(),
  enabled: boolean(),
});
export const TopicList = ListResponse(Topic);

/** GET users/getUserInterestedTopicsIdList?id= (the user's id). */
export const UserTopicIdsRequest = object({ id: Id });
/** The chosen topics' ids, as a list of `{ id }` (spec §7.2: reads data.list with item id). */
export const UserTopicIds = object({ list: array(object({ id: integer() })) });

/** POST users/updateUserInterestedTopics (userId, topicIds). */
export const UpdateUserTopicsRequest = object({ userId: Id, topicIds: array(Id) });
