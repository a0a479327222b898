/**
 * Drops made real (issue 35, beyond the spec, which leaves Create Drop a placeholder): what a Drop
 * is when its author writes it, what everyone sees of it, and the rules both sides check. Its
 * lifecycle is contract/dropStatusMachine.ts; amounts are minor units (contract/money.ts).
 */
import {
  array,
  boolean,
  enums,
  integer,
  nullable,
  object,
  optional,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { DROP_STATUSES } from './dropStatusMachine';
import { CurrencyCode, formatMoney, MinorAmount, minorUnitDigits } from './money';
import { MediaFile, POST_MESSAGE_MAX, PUBLISH_STEP_MINUTES } from './posts';

/** The teaser everyone sees: like a post's message. */
export const DROP_TEASER_MAX = POST_MESSAGE_MAX;
/** The exclusive text only givers see. */
export const DROP_EXCLUSIVE_TEXT_MAX = 5000;
/** Start and end are on 15-minute steps, like a post's publish date. */
export const DROP_STEP_MINUTES = PUBLISH_STEP_MINUTES;
/** A Drop runs for at most 30 days. */
export const DROP_DAYS_MAX = 30;
/** Files a Drop shows, and files its exclusive content holds. */
export const DROP_MEDIA_MAX = 6;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The form's and the server's texts (ours: the spec has none for Drops). */
export const dropTexts = {
  teaserRequired: 'Teaser is required',
  teaserTooLong: `Maximum ${DROP_TEASER_MAX} characters allowed`,
  exclusiveTooLong: `Maximum ${DROP_EXCLUSIVE_TEXT_MAX} characters allowed`,
  charityRequired: 'Choose the charity this Drop gives to',
  notACharity: 'A Drop gives to a Charity organisation',
  startInPast: 'The start cannot be in the past',
  endBeforeStart: 'The end must be after the start',
  endInPast: 'The end cannot be in the past',
  tooLong: `A Drop runs for at most ${DROP_DAYS_MAX} days`,
  offStep: `Start and end are on ${DROP_STEP_MINUTES}-minute steps`,
  goalTooSmall: (currency: string) =>
    `The goal is at least ${formatMoney(goalBounds(currency).min, currency)}`,
  goalTooLarge: (currency: string) =>
    `The goal is at most ${formatMoney(goalBounds(currency).max, currency)}`,
  tooManyFiles: `A Drop shows at most ${DROP_MEDIA_MAX} files`,
  notFound: 'Drop not found',
  notEditable: 'This Drop can no longer be changed',
  notCancellable: 'This Drop can no longer be cancelled',
  notDeletable: 'Only a draft can be deleted',
  uploadNotPending: 'The uploaded file has expired. Please upload it again.',
  uploadWrongPreset: 'The uploaded file was not uploaded for a Drop',
} as const;

/** Bounds of a gift or a goal, in minor units. */
export interface AmountBounds {
  min: number;
  max: number;
}

/** 1 to 1,000,000 of the currency's major unit (at least 100 minor units, as ¥100). */
export function goalBounds(currency: string): AmountBounds {
  const unit = 10 ** minorUnitDigits(currency);
  return { min: Math.max(100, unit), max: 1_000_000 * unit };
}

/** ISO 8601 date-time with an offset or Z. */
const DateTime = refine(size(string(), 1, 64), 'dateTime', (v) => !Number.isNaN(Date.parse(v)));
const Guid = size(string(), 1, 64);

/** A file the Drop shows: a confirmed one it already has, or a pending upload to confirm. */
export const DropFileRef = object({
  /** The media service's file id (a pending upload's, or one the Drop already shows). */
  fileId: size(string(), 1, 128),
});
export type DropFileRef = Infer<typeof DropFileRef>;

/** What the author saves (create when `guid` is absent, else update). */
export const SaveDropRequest = object({
  guid: optional(Guid),
  content: size(string(), 0, DROP_TEASER_MAX),
  /** The charity's organisation (its guid); '' while a draft has none. */
  charityGuid: size(string(), 0, 64),
  /** Minor units of the charity's currency; null for no goal. */
  goal: nullable(MinorAmount),
  startsAt: DateTime,
  endsAt: DateTime,
  media: size(array(DropFileRef), 0, DROP_MEDIA_MAX),
  exclusiveText: size(string(), 0, DROP_EXCLUSIVE_TEXT_MAX),
  exclusiveMedia: size(array(DropFileRef), 0, DROP_MEDIA_MAX),
  /** Save as a draft, or publish (scheduled when the start is still to come). */
  publish: boolean(),
});
export type SaveDropRequest = Infer<typeof SaveDropRequest>;

/** GET drops/getByGuid, POST drops/cancel, DELETE drops/delete. */
export const DropGuidRequest = object({ guid: Guid });
export type DropGuidRequest = Infer<typeof DropGuidRequest>;

/** The charity a Drop gives to, as everyone sees it. */
export const DropCharity = object({
  guid: string(),
  name: string(),
  logoUrl: string(),
  currency: CurrencyCode,
});
export type DropCharity = Infer<typeof DropCharity>;

/** A Drop as /drops/{guid} and the carousel show it. */
export const DropDetails = object({
  id: integer(),
  guid: string(),
  status: enums(DROP_STATUSES),
  content: string(),
  media: array(MediaFile),
  author: object({ name: string(), handle: string(), avatarUrl: string() }),
  /** Null when the charity's organisation is gone (the Drop takes no gifts). */
  charity: nullable(DropCharity),
  goal: nullable(MinorAmount),
  currency: CurrencyCode,
  /** Confirmed gifts, less refunds and disputes. */
  raised: MinorAmount,
  givers: integer(),
  startsAt: string(),
  endsAt: string(),
  /** The exclusive content: null unless the reader gave to the Drop (or wrote it). */
  exclusive: nullable(object({ text: string(), media: array(MediaFile) })),
  /** Whether the Drop has exclusive content at all (shown locked to others). */
  hasExclusive: boolean(),
  isMine: boolean(),
});
export type DropDetails = Infer<typeof DropDetails>;

/** A Drop as its author edits it. */
export const DropDraft = object({
  guid: string(),
  status: enums(DROP_STATUSES),
  content: string(),
  charity: nullable(DropCharity),
  goal: nullable(MinorAmount),
  startsAt: string(),
  endsAt: string(),
  media: array(object({ fileId: string(), file: MediaFile })),
  exclusiveText: string(),
  exclusiveMedia: array(object({ fileId: string(), file: MediaFile })),
});
export type DropDraft = Infer<typeof DropDraft>;

/** POST drops/charities: Charity organisations whose name holds `search` (the picker). */
export const CharitySearchRequest = object({
  search: size(string(), 0, 100),
  limit: optional(refine(integer(), 'limit', (v) => v >= 1 && v <= 50)),
});
export type CharitySearchRequest = Infer<typeof CharitySearchRequest>;
export const CharityList = object({ list: array(DropCharity) });

/** Why a Drop's times are refused, or null (checked by the form and by the server). */
export function dropTimesProblem(
  startsAt: Date,
  endsAt: Date,
  /** The earliest start allowed: the current 15-minute step (a publish may start now). */
  earliestStart: Date,
): string | null {
  const step = DROP_STEP_MINUTES * MINUTE_MS;
  if (startsAt.getTime() % step !== 0 || endsAt.getTime() % step !== 0) return dropTexts.offStep;
  if (startsAt < earliestStart) return dropTexts.startInPast;
  if (endsAt <= startsAt) return dropTexts.endBeforeStart;
  if (endsAt.getTime() - startsAt.getTime() > DROP_DAYS_MAX * DAY_MS) return dropTexts.tooLong;
  return null;
}

/** The start of the 15-minute step `now` is in: the earliest start a Drop may have. */
export function currentStep(now: Date): Date {
  const step = DROP_STEP_MINUTES * MINUTE_MS;
  return new Date(Math.floor(now.getTime() / step) * step);
}

/** Why a goal is refused in `currency`, or null. */
export function goalProblem(goal: number | null, currency: string): string | null {
  if (goal === null) return null;
  const bounds = goalBounds(currency);
  if (goal < bounds.min) return dropTexts.goalTooSmall(currency);
  if (goal > bounds.max) return dropTexts.goalTooLarge(currency);
  return null;
}
