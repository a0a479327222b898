/**
 * A person's own pending upload becoming a stored file: their avatar (features/avatars) or an
 * organisation's logo (features/tenants). The media service only sees its client API key, which
 * every browser has, so the reference the client gave the upload is what tells whose it is. A
 * pending upload is used only when it carries the caller's reference, passed the expected preset
 * and is younger than the pending uploads' time to live (the sweep may not have deleted an older
 * one yet); it is then confirmed as a stored file, and `undo` puts it back to pending when the
 * write that uses it fails.
 */
import type { MediaService, StoredFile } from '../media/service';
import type { DomainContext } from './context';

/** What confirming an upload needs beyond the domain context. */
export interface PendingUploadsContext extends DomainContext {
  media: MediaService;
  /** How long a pending upload may wait to be used (MEDIA_PENDING_TTL_HOURS). */
  pendingTtlMs: number;
}

/** What a usable upload carries: the preset it passed and its uploader's reference. */
export interface UploadClaim {
  presetId: string;
  reference: string;
}

/** A confirmed upload: its id, its URL and the undo to call when the write using it fails. */
export interface ConfirmedUpload {
  fileId: string;
  url: string;
  undo: () => Promise<void>;
}

/** Whether `pending` matches `claim` and is still within the time to live at `now`. */
export function isUsablePendingUpload(
  pending: StoredFile | undefined,
  claim: UploadClaim,
  now: Date,
  pendingTtlMs: number,
): pending is StoredFile {
  if (pending === undefined) return false;
  if (pending.presetId !== claim.presetId) return false;
  if (pending.reference !== claim.reference) return false;
  const createdAt = Date.parse(pending.createdAt);
  return Number.isFinite(createdAt) && now.getTime() - createdAt <= pendingTtlMs;
}

/**
 * Confirms the pending upload `fileId` when it is usable for `claim`. Null when it is not
 * (unknown, already confirmed, someone else's, another preset's, expired, or confirmed by a
 * concurrent call or swept since it was read): the caller refuses it with its own words, the same
 * whatever the reason, saying nothing of whose it is.
 */
export async function confirmOwnUpload(
  ctx: PendingUploadsContext,
  fileId: string,
  claim: UploadClaim,
): Promise<ConfirmedUpload | null> {
  const pending = await ctx.media.storage.readPending(fileId);
  if (!isUsablePendingUpload(pending, claim, ctx.now(), ctx.pendingTtlMs)) return null;
  const outcome = await ctx.media.confirmPendingUpload(fileId, claim.presetId);
  if (outcome.kind !== 'confirmed') return null;
  return { fileId, url: ctx.media.fileUrl(fileId), undo: outcome.undo };
}
