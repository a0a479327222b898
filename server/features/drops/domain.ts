/**
 * Drops (spec §3 Drop, made real by issue 35): the carousel's feed, and a Drop's author saving,
 * publishing, cancelling and deleting it. What may happen to a Drop is asked of its lifecycle
 * statechart (contract/dropStatusMachine.ts); its times, goal and files are checked here as the
 * Create Drop form checks them (contract/drops.ts). Every guid is checked against the caller:
 * another person's draft or scheduled Drop is "not found".
 */
import { dropAllows, dropStatusOf, type DropStatus } from '../../../contract/dropStatusMachine';
import {
  currentStep,
  dropTexts,
  dropTimesProblem,
  goalProblem,
  type CharitySearchRequest,
  type DropCharity,
  type DropDetails,
  type DropDraft,
  type DropFileRef,
  type SaveDropRequest,
} from '../../../contract/drops';
import type { ListResponse } from '../../../contract/lists';
import { mediaPresetIds } from '../../../contract/media';
import { FEED_PAGE_SIZE, type DropItem, type DropsFeedRequest } from '../../../contract/posts';
import type { MediaService } from '../../media/service';
import type { DomainContext } from '../../domain/context';
import { conflict, invalid, notFound } from '../../domain/errors';
import { requireMembership, type TenantScope } from '../../domain/scope';
import {
  countVisibleDrops,
  deleteDropRow,
  hasGiven,
  insertDrop,
  searchCharities,
  selectCharity,
  selectCharityById,
  selectDropByGuid,
  selectDropView,
  selectVisibleDrops,
  updateDrop,
  type DropMediaFile,
  type DropRow,
  type CharityRow,
  type DropView,
} from './queries';
import { isGuid } from '../../domain/guid';

export const dropMessages = {
  sortBy: 'sortBy must be CreatedDate or Date.',
} as const;

const MAX_OFFSET = 2_147_483_647;
/**
 * How long before the current 15-minute step a start may be (as a post's publish date): a form
 * opened a while ago still sends the start it proposed. Published so, the Drop is live at once.
 */
export const START_GRACE_MS = 2 * 60 * 60_000;
const CHARITY_LIMIT_DEFAULT = 20;

export interface DropsContext extends DomainContext {
  media: MediaService;
}

function checkSort(sortBy: string | undefined): void {
  const value = (sortBy ?? '').toLowerCase();
  if (!['', 'createddate', 'date'].includes(value)) throw invalid(dropMessages.sortBy);
}

function toMediaFile(media: MediaService, file: DropMediaFile) {
  return {
    url: media.fileUrl(file.fileId),
    type: file.type,
    width: file.width,
    height: file.height,
  };
}

/** A stored Drop's shown status at `now` (contract/dropStatusMachine.ts). */
export const statusOfRow = (
  row: Pick<DropRow, 'isDraft' | 'cancelledAt' | 'date' | 'endsAt'>,
  now: Date,
): DropStatus =>
  dropStatusOf(
    {
      isDraft: row.isDraft,
      cancelled: row.cancelledAt !== null,
      startsAt: row.date,
      endsAt: row.endsAt,
    },
    now,
  );

const charityOfView = (row: DropView): DropCharity | null =>
  row.charityGuid === null
    ? null
    : {
        guid: row.charityGuid,
        name: row.charityName ?? '',
        logoUrl: row.charityLogoUrl ?? '',
        currency: row.charityCurrency ?? row.currency,
      };

/** POST /drops/feedList: everyone's live Drops and the caller's own coming ones. */
export async function dropsFeedList(
  ctx: DropsContext,
  scope: TenantScope,
  request: DropsFeedRequest,
): Promise<ListResponse<DropItem>> {
  checkSort(request.sortBy);
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? FEED_PAGE_SIZE;
  const now = ctx.now();
  const totalCount =
    request.getTotalCount === true ? await countVisibleDrops(ctx.db, scope.userId, now) : null;
  if ((page - 1) * pageSize > MAX_OFFSET) return { list: [], totalCount };
  const rows = await selectVisibleDrops(ctx.db, {
    readerId: scope.userId,
    now,
    descending: request.sortByDescending ?? true,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const list = rows.map((row) => ({
    id: row.id,
    user: `${row.firstName} ${row.lastName}`.trim(),
    userAvatarUrl: row.userAvatarUrl,
    content: row.content,
    date: row.date.toISOString(),
    reactions: row.reactions,
    media: row.media.map((file) => toMediaFile(ctx.media, file)),
    giving: {
      guid: row.guid,
      status: statusOfRow(row, now),
      endsAt: row.endsAt.toISOString(),
      charityName: row.charityName ?? '',
      raised: Number(row.raised),
      goal: row.goal,
      currency: row.currency,
      givers: row.givers,
    },
  }));
  return { list, totalCount };
}

/** The caller's own Drop by guid; anyone else's (or none) is not found. */
async function findOwnDrop(ctx: DropsContext, scope: TenantScope, guid: string): Promise<DropRow> {
  await requireMembership(ctx.db, scope);
  const row = isGuid(guid) ? await selectDropByGuid(ctx.db, guid.toLowerCase()) : undefined;
  if (row === undefined || row.userId !== scope.userId || row.tenantId !== scope.tenantId) {
    throw notFound(dropTexts.notFound);
  }
  return row;
}

function parseTime(value: string): Date {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw invalid(dropTexts.offStep);
  return time;
}

/**
 * The Drop's files after a save: those it keeps (already its own), then new uploads confirmed
 * for the drop preset. `undo` puts the confirmed uploads back if the save fails.
 */
async function resolveFiles(
  ctx: DropsContext,
  refs: readonly DropFileRef[],
  current: readonly DropMediaFile[],
): Promise<{ files: DropMediaFile[]; undo: () => Promise<void> }> {
  const files: DropMediaFile[] = [];
  const undos: (() => Promise<void>)[] = [];
  const undo = async () => {
    for (const step of undos) await step();
  };
  try {
    for (const ref of refs) {
      const kept = current.find((file) => file.fileId === ref.fileId);
      if (kept !== undefined) {
        files.push(kept);
        continue;
      }
      const outcome = await ctx.media.confirmPendingUpload(ref.fileId, mediaPresetIds.drop);
      if (outcome.kind === 'notPending') throw invalid(dropTexts.uploadNotPending);
      if (outcome.kind === 'wrongPreset') throw invalid(dropTexts.uploadWrongPreset);
      undos.push(outcome.undo);
      files.push({
        fileId: outcome.file.fileId,
        type: outcome.file.contentType.startsWith('video/') ? 'video' : 'image',
        width: outcome.file.width,
        height: outcome.file.height,
      });
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { files, undo };
}

function draftOf(
  ctx: DropsContext,
  row: DropRow,
  charity: DropCharity | null,
  now: Date,
): DropDraft {
  const withUrl = (file: DropMediaFile) => ({
    fileId: file.fileId,
    file: toMediaFile(ctx.media, file),
  });
  return {
    guid: row.guid,
    status: statusOfRow(row, now),
    content: row.content,
    charity,
    goal: row.goal,
    startsAt: row.date.toISOString(),
    endsAt: row.endsAt.toISOString(),
    media: row.media.map(withUrl),
    exclusiveText: row.exclusiveText,
    exclusiveMedia: row.exclusiveMedia.map(withUrl),
  };
}

const toCharity = ({ guid, name, logoUrl, currency }: CharityRow): DropCharity => ({
  guid,
  name,
  logoUrl,
  currency,
});

async function charityOfRow(ctx: DropsContext, row: DropRow): Promise<DropCharity | null> {
  if (row.charityTenantId === null) return null;
  const charity = await selectCharityById(ctx.db, row.charityTenantId);
  return charity === undefined ? null : toCharity(charity);
}

/**
 * POST /drops/save: a new Drop, or a change to the caller's own draft or scheduled one. A draft
 * needs its teaser only; publishing needs a charity too. Times, goal and files are checked
 * either way, so a draft never holds what could not be published.
 */
export async function saveDrop(
  ctx: DropsContext,
  scope: TenantScope,
  input: SaveDropRequest,
): Promise<DropDraft> {
  const now = ctx.now();
  const existing = input.guid === undefined ? null : await findOwnDrop(ctx, scope, input.guid);
  if (existing === null) await requireMembership(ctx.db, scope);
  const status: DropStatus = existing === null ? 'Draft' : statusOfRow(existing, now);
  if (!dropAllows(status, 'edit')) throw conflict(dropTexts.notEditable);
  const event = !input.publish ? (status === 'Draft' ? 'edit' : 'unpublish') : null;
  if (event !== null && !dropAllows(status, event)) throw conflict(dropTexts.notEditable);

  const content = input.content.trim();
  if (content === '') throw invalid(dropTexts.teaserRequired);
  const charityGuid = input.charityGuid.trim().toLowerCase();
  if (input.publish && charityGuid === '') throw invalid(dropTexts.charityRequired);
  const charity =
    charityGuid === ''
      ? null
      : isGuid(charityGuid)
        ? await selectCharity(ctx.db, charityGuid)
        : undefined;
  if (charity === undefined) throw invalid(dropTexts.notACharity);

  const startsAt = parseTime(input.startsAt);
  const endsAt = parseTime(input.endsAt);
  // A draft saved again may keep a start that has passed meanwhile (it is only a draft); a
  // Drop published must start from the current step (with the form's grace) and end later
  // than now, so it is never published already over.
  const keptStart = existing !== null && existing.date.getTime() === startsAt.getTime();
  const earliest =
    !input.publish && keptStart
      ? existing.date
      : new Date(currentStep(now).getTime() - START_GRACE_MS);
  const timesProblem =
    dropTimesProblem(startsAt, endsAt, earliest) ??
    (input.publish && endsAt <= now ? dropTexts.endInPast : null);
  if (timesProblem !== null) throw invalid(timesProblem);
  const currency = charity?.currency ?? existing?.currency ?? 'gbp';
  const goalIssue = goalProblem(input.goal, currency);
  if (goalIssue !== null) throw invalid(goalIssue);

  const media = await resolveFiles(ctx, input.media, existing?.media ?? []);
  let exclusive: Awaited<ReturnType<typeof resolveFiles>>;
  try {
    exclusive = await resolveFiles(ctx, input.exclusiveMedia, existing?.exclusiveMedia ?? []);
  } catch (error) {
    await media.undo();
    throw error;
  }
  const values = {
    content,
    date: startsAt,
    endsAt,
    isDraft: !input.publish,
    charityTenantId: charity?.id ?? null,
    goal: input.goal,
    currency,
    media: media.files,
    exclusiveText: input.exclusiveText.trim(),
    exclusiveMedia: exclusive.files,
    updatedAt: now,
  };
  let row: DropRow | undefined;
  try {
    row =
      existing === null
        ? await insertDrop(ctx.db, { ...values, tenantId: scope.tenantId, userId: scope.userId })
        : await updateDrop(ctx.db, existing.id, values);
    if (row === undefined) throw notFound(dropTexts.notFound);
  } catch (error) {
    await media.undo();
    await exclusive.undo();
    throw error;
  }
  if (existing !== null) {
    const keptIds = new Set([...values.media, ...values.exclusiveMedia].map((file) => file.fileId));
    const dropped = [...existing.media, ...existing.exclusiveMedia].filter(
      (file) => !keptIds.has(file.fileId),
    );
    await deleteFiles(ctx, dropped);
  }
  return draftOf(ctx, row, charity === null ? null : toCharity(charity), now);
}

/** Files no Drop shows any more: deleted, best effort (the sweeper is not told of confirmed ones). */
async function deleteFiles(ctx: DropsContext, files: readonly DropMediaFile[]): Promise<void> {
  for (const file of files) {
    // Seeded demo files are shared by the seed; they are never deleted.
    if (file.fileId.startsWith('seed-')) continue;
    await ctx.media.deleteFile(file.fileId).catch(() => undefined);
  }
}

/** GET /drops/getForEdit: the caller's own Drop, as Create Drop edits it. */
export async function getDropForEdit(
  ctx: DropsContext,
  scope: TenantScope,
  guid: string,
): Promise<DropDraft> {
  const row = await findOwnDrop(ctx, scope, guid);
  return draftOf(ctx, row, await charityOfRow(ctx, row), ctx.now());
}

function detailsOf(
  ctx: DropsContext,
  row: DropView,
  now: Date,
  readerId: number,
  given: boolean,
): DropDetails {
  const isMine = row.userId === readerId;
  const hasExclusive = row.exclusiveText !== '' || row.exclusiveMedia.length > 0;
  return {
    id: row.id,
    guid: row.guid,
    status: statusOfRow(row, now),
    content: row.content,
    media: row.media.map((file) => toMediaFile(ctx.media, file)),
    author: {
      name: `${row.firstName} ${row.lastName}`.trim(),
      handle: row.handle,
      avatarUrl: row.userAvatarUrl,
    },
    charity: charityOfView(row),
    goal: row.goal,
    currency: row.currency,
    raised: Number(row.raised),
    givers: row.givers,
    startsAt: row.date.toISOString(),
    endsAt: row.endsAt.toISOString(),
    exclusive:
      hasExclusive && (isMine || given)
        ? {
            text: row.exclusiveText,
            media: row.exclusiveMedia.map((file) => toMediaFile(ctx.media, file)),
          }
        : null,
    hasExclusive,
    isMine,
  };
}

/**
 * GET /drops/getByGuid: a Drop as its page shows it. A draft or a scheduled Drop is its
 * author's only (anyone else: not found); the exclusive content is for its author and for people
 * who have given to it.
 */
export async function getDrop(
  ctx: DropsContext,
  scope: TenantScope,
  guid: string,
): Promise<DropDetails> {
  const now = ctx.now();
  const row = isGuid(guid) ? await selectDropView(ctx.db, guid.toLowerCase()) : undefined;
  if (row === undefined) throw notFound(dropTexts.notFound);
  const status = statusOfRow(row, now);
  const isMine = row.userId === scope.userId;
  if (!isMine && (status === 'Draft' || status === 'Scheduled')) {
    throw notFound(dropTexts.notFound);
  }
  const given = !isMine && (await hasGiven(ctx.db, row.id, scope.userId));
  return detailsOf(ctx, row, now, scope.userId, given);
}

/** POST /drops/cancel: the caller's own scheduled or live Drop takes no more gifts. */
export async function cancelDrop(
  ctx: DropsContext,
  scope: TenantScope,
  guid: string,
): Promise<DropDetails> {
  const row = await findOwnDrop(ctx, scope, guid);
  const now = ctx.now();
  if (!dropAllows(statusOfRow(row, now), 'cancel')) throw conflict(dropTexts.notCancellable);
  await updateDrop(ctx.db, row.id, { cancelledAt: now, updatedAt: now });
  return getDrop(ctx, scope, row.guid);
}

/** DELETE /drops/delete: the caller's own draft, with its files. */
export async function deleteDrop(
  ctx: DropsContext,
  scope: TenantScope,
  guid: string,
): Promise<{ deleted: true }> {
  const row = await findOwnDrop(ctx, scope, guid);
  if (!dropAllows(statusOfRow(row, ctx.now()), 'delete')) throw conflict(dropTexts.notDeletable);
  await deleteDropRow(ctx.db, row.id);
  await deleteFiles(ctx, [...row.media, ...row.exclusiveMedia]);
  return { deleted: true };
}

/** POST /drops/charities: the picker's Charity organisations by name. */
export async function listCharities(
  ctx: DropsContext,
  scope: TenantScope,
  input: CharitySearchRequest,
): Promise<{ list: DropCharity[] }> {
  await requireMembership(ctx.db, scope);
  const rows = await searchCharities(
    ctx.db,
    input.search.trim(),
    input.limit ?? CHARITY_LIMIT_DEFAULT,
  );
  return {
    list: rows.map(toCharity),
  };
}
