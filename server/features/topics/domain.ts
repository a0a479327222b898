/**
 * Interest topics (spec §3 Topic, §5 Topics, §7.2): the enabled topics for everyone signed in,
 * and each person's own choice, which only they see and change: at least three distinct enabled
 * topics, replaced in one transaction so a refused save changes nothing.
 */
import type { ListResponse } from '../../../contract/lists';
import type { ReferenceListRequest } from '../../../contract/referenceLists';
import { MINIMUM_TOPICS, topicTexts, type Topic } from '../../../contract/topics';
import { isStorableId } from '../../db/recordIds';
import type { DomainContext } from '../../domain/context';
import { forbidden, invalid } from '../../domain/errors';
import { referenceListPage } from '../../domain/referenceLists';
import type { TenantScope } from '../../domain/scope';
import {
  replaceUserTopics,
  selectAllTopics,
  selectEnabledTopicIds,
  selectEnabledTopics,
  selectUserTopicIds,
  type TopicRow,
} from './queries';

const SORT_KEYS: Record<string, (a: TopicRow, b: TopicRow) => number> = {
  order: (a, b) => a.order - b.order,
  name: (a, b) => a.name.localeCompare(b.name, 'en'),
  id: (a, b) => a.id - b.id,
};

export const SORT_BY_INVALID = 'sortBy must be one of Order, Name, Id.';

const toTopic = (row: TopicRow): Topic => ({
  id: row.id,
  name: row.name,
  order: row.order,
  enabled: row.enabled,
});

/**
 * POST userinterestedtopics/list: the enabled topics, by Order unless asked otherwise (every
 * topic with includeDisabled, which the route allows hosts only).
 */
export async function listTopics(
  ctx: DomainContext,
  request: ReferenceListRequest,
): Promise<ListResponse<Topic>> {
  const rows =
    request.includeDisabled === true
      ? await selectAllTopics(ctx.db)
      : await selectEnabledTopics(ctx.db);
  return referenceListPage(rows, request, {
    sortKeys: SORT_KEYS,
    defaultSort: 'order',
    sortByInvalid: SORT_BY_INVALID,
    matches: (row, search) => row.name.toLowerCase().includes(search),
    toItem: toTopic,
  });
}

/** Only the caller's own topics: another user's id is refused. */
function requireSelf(scope: TenantScope, userId: number): void {
  if (userId !== scope.userId) throw forbidden(topicTexts.notYours);
}

const asIdList = (ids: number[]) => ({ list: ids.map((id) => ({ id })) });

/** GET users/getUserInterestedTopicsIdList */
export async function userTopicIds(ctx: DomainContext, scope: TenantScope, userId: number) {
  requireSelf(scope, userId);
  return asIdList(await selectUserTopicIds(ctx.db, userId));
}

/** POST users/updateUserInterestedTopics: answers the ids saved. */
export async function updateUserTopics(
  ctx: DomainContext,
  scope: TenantScope,
  input: { userId: number; topicIds: number[] },
) {
  requireSelf(scope, input.userId);
  const chosen = [...new Set(input.topicIds)];
  if (chosen.length < MINIMUM_TOPICS) throw invalid(topicTexts.tooFew);
  // An id past the integer column is no topic (and would fail the query with a 500).
  if (!chosen.every(isStorableId)) throw invalid(topicTexts.unknown);
  await ctx.db.transaction(async (tx) => {
    const enabled = await selectEnabledTopicIds(tx, chosen);
    if (enabled.length !== chosen.length) throw invalid(topicTexts.unknown);
    await replaceUserTopics(tx, input.userId, chosen);
  });
  return asIdList(await selectUserTopicIds(ctx.db, input.userId));
}
