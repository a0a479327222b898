/**
 * The Create / Update Post form's rules (spec §5 Post, §9): pure superstruct, no IO.
 * The form keeps the publish date and time apart (a date input and a select of 15-minute steps);
 * `toPostSubmission` joins them into the ISO date-time the contract's requests carry.
 */
import {
  POST_LINK_MAX,
  POST_MESSAGE_MAX,
  PUBLISH_STEP_MINUTES,
  isValidPostLink,
  postTexts,
} from '../../contract/posts';
import { formStruct, text } from './formStruct';
import type { RuleResult } from './formStruct';

export { POST_MESSAGE_MAX, PUBLISH_STEP_MINUTES } from '../../contract/posts';

/** The spec's texts (§5 Post); the publish date and time ones are ours (spec unworded). */
export const postMessages = {
  messageRequired: postTexts.messageRequired,
  messageTooLong: postTexts.messageTooLong,
  linkInvalid: postTexts.invalidUrl,
  publishDateRequired: 'Please choose a publish date',
  publishDateInvalid: 'Please choose a valid publish date',
  publishTimeRequired: 'Please choose a publish time',
  /** Ours, as the server answers it (contract/posts.ts). */
  publishDateInPast: postTexts.publishDateInPast,
} as const;

/** The form's fields, in the order they appear (and are focused when in error). */
export interface PostFormValues {
  message: string;
  /** An absolute http/https URL, or '' for none. */
  link: string;
  /** 'yyyy-MM-dd' from the native date input (local calendar). */
  publishDate: string;
  /** 'HH:mm', one of `publishTimeOptions()` (local time). */
  publishTime: string;
  isDraft: boolean;
}

/** What the form sends: the fields of CreatePostRequest / UpdatePostRequest (without id/media). */
export interface PostSubmission {
  message: string;
  link: string;
  /** ISO 8601 in UTC ('2026-11-22T14:15:00.000Z'): the local date and time chosen. */
  publishedDate: string;
  isDraft: boolean;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The local calendar date of `date` as 'yyyy-MM-dd'. */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `date` rounded down to the previous 15-minute step (seconds dropped), spec §5 Post. */
export function roundDownToPublishStep(date: Date): Date {
  const rounded = new Date(date.getTime());
  rounded.setSeconds(0, 0);
  rounded.setMinutes(rounded.getMinutes() - (rounded.getMinutes() % PUBLISH_STEP_MINUTES));
  return rounded;
}

/** The publish date and time a new post starts with: now rounded down to 15 minutes. */
export function defaultPublishDateTime(
  now: Date,
): Pick<PostFormValues, 'publishDate' | 'publishTime'> {
  const rounded = roundDownToPublishStep(now);
  return {
    publishDate: localIsoDate(rounded),
    publishTime: `${pad(rounded.getHours())}:${pad(rounded.getMinutes())}`,
  };
}

/** Every time of day in 15-minute steps: '00:00', '00:15', ... '23:45' (96 options). */
export function publishTimeOptions(): string[] {
  const options: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += PUBLISH_STEP_MINUTES) {
    options.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  }
  return options;
}

/** The local Date of a 'yyyy-MM-dd' and 'HH:mm' pair, or null when either is not a real one. */
export function publishDateTimeToDate(publishDate: string, publishTime: string): Date | null {
  const dateMatch = DATE_PATTERN.exec(publishDate);
  const timeMatch = TIME_PATTERN.exec(publishTime);
  if (!dateMatch || !timeMatch) return null;
  const [year, month, day] = [Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])];
  const [hours, minutes] = [Number(timeMatch[1]), Number(timeMatch[2])];
  if (hours > 23 || minutes > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, 0, 0);
  // new Date rolls 31 Feb over into March: a real calendar date reads back the same.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date;
}

/**
 * A stored post's publishedDate (ISO) as the form's date and time, rounded down to the step so
 * the time select has it; the default (now, rounded down) when it cannot be read.
 */
export function publishDateTimeFromIso(
  iso: string,
  now: Date,
): Pick<PostFormValues, 'publishDate' | 'publishTime'> {
  const time = Date.parse(iso);
  return defaultPublishDateTime(Number.isNaN(time) ? now : new Date(time));
}

/** The values a new post's form starts with. */
export function emptyPostForm(now: Date): PostFormValues {
  return { message: '', link: '', ...defaultPublishDateTime(now), isDraft: false };
}

export function messageRule(value: unknown): RuleResult {
  const message = text(value);
  if (message.trim() === '') return postMessages.messageRequired;
  if (message.length > POST_MESSAGE_MAX) return postMessages.messageTooLong;
  return true;
}

/** Empty, or an absolute http/https URL (the contract's isValidPostLink; at most 2048). */
export function linkRule(value: unknown): RuleResult {
  const link = text(value).trim();
  if (link.length > POST_LINK_MAX || !isValidPostLink(link)) return postMessages.linkInvalid;
  return true;
}

function publishDateRule(value: unknown): RuleResult {
  const date = text(value).trim();
  if (date === '') return postMessages.publishDateRequired;
  if (publishDateTimeToDate(date, '00:00') === null) return postMessages.publishDateInvalid;
  return true;
}

const timeOptions = new Set(publishTimeOptions());

function publishTimeRule(value: unknown): RuleResult {
  return timeOptions.has(text(value)) ? true : postMessages.publishTimeRequired;
}

export const postFormStruct = formStruct<PostFormValues>('postForm', {
  message: messageRule,
  link: linkRule,
  publishDate: publishDateRule,
  publishTime: publishTimeRule,
  isDraft: () => true,
});

/**
 * When a post may be published: not before `earliest` (ISO: when the form opened, rounded down
 * to 15 minutes, the form's own default), except at `kept` (ISO: the stored publish time of the
 * post being updated, as the form shows it), which stays as it is.
 */
export interface PublishWindow {
  earliest: string;
  kept: string | null;
}

/** The publish window of a form opened at `nowIso`, for a post stored at `storedIso` (or none). */
export function publishWindowAt(nowIso: string, storedIso: string | null): PublishWindow {
  const stored = storedIso === null ? Number.NaN : Date.parse(storedIso);
  return {
    earliest: roundDownToPublishStep(new Date(Date.parse(nowIso))).toISOString(),
    kept: Number.isNaN(stored) ? null : new Date(shownPublishTime(stored)).toISOString(),
  };
}

/**
 * The form's rules with the publish date and time not in the past (issue 34: a post dated
 * 01/01/2020 was accepted without a word): the message shows on the date, the first of the two.
 */
export function createPostFormStruct(publish: PublishWindow) {
  const earliest = Date.parse(publish.earliest);
  const kept = publish.kept === null ? Number.NaN : Date.parse(publish.kept);
  return formStruct<PostFormValues>('postForm', {
    message: messageRule,
    link: linkRule,
    publishDate: (value, values) => {
      const shape = publishDateRule(value);
      if (shape !== true) return shape;
      const chosen = publishDateTimeToDate(text(value).trim(), text(values.publishTime));
      if (chosen === null || chosen.getTime() === kept || chosen.getTime() >= earliest) {
        return true;
      }
      return postMessages.publishDateInPast;
    },
    publishTime: publishTimeRule,
    isDraft: () => true,
  });
}

/**
 * The form's values as the request fields (the link trimmed, date and time joined in ISO).
 * Call it with values that passed `postFormStruct`; an unreadable date or time throws.
 */
export function toPostSubmission(values: PostFormValues): PostSubmission {
  const date = publishDateTimeToDate(values.publishDate, values.publishTime);
  if (date === null) throw new RangeError('The publish date or time is not valid');
  return {
    message: values.message,
    link: values.link.trim(),
    publishedDate: date.toISOString(),
    isDraft: values.isDraft,
  };
}

/** The values a new post's form starts with, at `nowIso` (the time the form opened). */
export function emptyPostFormAt(nowIso: string): PostFormValues {
  return emptyPostForm(new Date(Date.parse(nowIso)));
}

/** A stored post's values as the form shows them (its publish time rounded down to the step). */
export function postFormValuesOf(
  post: { message: string; link: string; publishedDate: string; isDraft: boolean },
  nowIso: string,
): PostFormValues {
  return {
    message: post.message,
    link: post.link,
    ...publishDateTimeFromIso(post.publishedDate, new Date(Date.parse(nowIso))),
    isDraft: post.isDraft,
  };
}

/** The time (ms) the form shows for a stored publish time: rounded down to the step. */
export function shownPublishTime(storedMs: number): number {
  return roundDownToPublishStep(new Date(storedMs)).getTime();
}
