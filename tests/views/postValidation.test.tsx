import { describe, expect, it } from 'vitest';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { ResolverOptions } from 'react-hook-form';
import {
  POST_MESSAGE_MAX,
  PUBLISH_STEP_MINUTES,
  defaultPublishDateTime,
  emptyPostForm,
  postFormStruct,
  postMessages,
  publishDateTimeFromIso,
  publishDateTimeToDate,
  publishTimeOptions,
  roundDownToPublishStep,
  toPostSubmission,
} from '../../src/validation/post';
import type { PostFormValues } from '../../src/validation/post';

async function messages(values: PostFormValues) {
  const options = {
    fields: {},
    shouldUseNativeValidation: false,
  } as ResolverOptions<PostFormValues>;
  const result = await superstructResolver(postFormStruct)(values, undefined, options);
  return Object.fromEntries(
    Object.entries(result.errors).map(([key, error]) => [
      key,
      (error as { message?: string }).message,
    ]),
  );
}

const NOW = new Date(2026, 10, 22, 14, 38, 27, 500); // 22 Nov 2026 14:38:27.5 local

const VALID: PostFormValues = {
  message: 'Running for #OceanRescue this Sunday',
  link: 'https://givedrop.example/drops/1',
  publishDate: '2026-11-22',
  publishTime: '14:30',
  isDraft: false,
};

describe('post form rules (spec §5 Post)', () => {
  it('has the constants of spec §9', () => {
    expect(POST_MESSAGE_MAX).toBe(280);
    expect(PUBLISH_STEP_MINUTES).toBe(15);
  });

  it('accepts a valid post, with or without a link', async () => {
    expect(await messages(VALID)).toEqual({});
    expect(await messages({ ...VALID, link: '' })).toEqual({});
    expect(await messages({ ...VALID, link: 'http://example.org' })).toEqual({});
  });

  it("requires a message: 'Message is required' (blank counts as empty)", async () => {
    expect(postMessages.messageRequired).toBe('Message is required');
    expect(await messages({ ...VALID, message: '' })).toEqual({ message: 'Message is required' });
    expect(await messages({ ...VALID, message: '  \n ' })).toEqual({
      message: 'Message is required',
    });
  });

  it("allows 280 characters and refuses 281: 'Maximum 280 characters allowed'", async () => {
    expect(await messages({ ...VALID, message: 'a'.repeat(280) })).toEqual({});
    expect(await messages({ ...VALID, message: 'a'.repeat(281) })).toEqual({
      message: 'Maximum 280 characters allowed',
    });
  });

  it.each([
    'ftp://x',
    'javascript:alert(1)',
    'not a url',
    'www.example.org',
    'https://',
    'mailto:a@b.org',
  ])("refuses the link %s: 'Invalid URL'", async (link) => {
    expect(await messages({ ...VALID, link })).toEqual({ link: 'Invalid URL' });
  });

  it('refuses a link over 2048 characters', async () => {
    const link = `https://example.org/${'a'.repeat(2048)}`;
    expect(await messages({ ...VALID, link })).toEqual({ link: 'Invalid URL' });
  });

  it('needs a real publish date and a time of the 15-minute steps', async () => {
    expect(await messages({ ...VALID, publishDate: '' })).toEqual({
      publishDate: 'Please choose a publish date',
    });
    expect(await messages({ ...VALID, publishDate: '2026-02-31' })).toEqual({
      publishDate: 'Please choose a valid publish date',
    });
    expect(await messages({ ...VALID, publishTime: '14:40' })).toEqual({
      publishTime: 'Please choose a publish time',
    });
    expect(await messages({ ...VALID, publishTime: '' })).toEqual({
      publishTime: 'Please choose a publish time',
    });
  });

  it('reports every failing field at once', async () => {
    expect(
      await messages({ ...VALID, message: '', link: 'ftp://x', publishDate: '', publishTime: '' }),
    ).toEqual({
      message: 'Message is required',
      link: 'Invalid URL',
      publishDate: 'Please choose a publish date',
      publishTime: 'Please choose a publish time',
    });
  });
});

describe('publish date and time helpers', () => {
  it('rounds down to the previous 15 minutes, dropping seconds', () => {
    expect(roundDownToPublishStep(NOW)).toEqual(new Date(2026, 10, 22, 14, 30, 0, 0));
    expect(roundDownToPublishStep(new Date(2026, 10, 22, 14, 45, 0, 0))).toEqual(
      new Date(2026, 10, 22, 14, 45, 0, 0),
    );
    expect(roundDownToPublishStep(new Date(2026, 10, 22, 0, 14, 59, 999))).toEqual(
      new Date(2026, 10, 22, 0, 0, 0, 0),
    );
  });

  it('defaults the publish date and time to now rounded down', () => {
    expect(defaultPublishDateTime(NOW)).toEqual({
      publishDate: '2026-11-22',
      publishTime: '14:30',
    });
    expect(emptyPostForm(NOW)).toEqual({
      message: '',
      link: '',
      publishDate: '2026-11-22',
      publishTime: '14:30',
      isDraft: false,
    });
  });

  it('offers the 96 times of a day in 15-minute steps', () => {
    const options = publishTimeOptions();
    expect(options).toHaveLength(96);
    expect(options.slice(0, 5)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    expect(options.at(-1)).toBe('23:45');
  });

  it('joins a date and a time into a local date, refusing impossible ones', () => {
    expect(publishDateTimeToDate('2026-11-22', '14:30')).toEqual(new Date(2026, 10, 22, 14, 30));
    expect(publishDateTimeToDate('2026-02-29', '10:00')).toBeNull();
    expect(publishDateTimeToDate('2028-02-29', '10:00')).toEqual(new Date(2028, 1, 29, 10, 0));
    expect(publishDateTimeToDate('22/11/2026', '10:00')).toBeNull();
    expect(publishDateTimeToDate('2026-11-22', '24:00')).toBeNull();
  });

  it("reads a stored post's date back into the form, rounded to the step", () => {
    const iso = new Date(2026, 10, 23, 9, 52).toISOString();
    expect(publishDateTimeFromIso(iso, NOW)).toEqual({
      publishDate: '2026-11-23',
      publishTime: '09:45',
    });
    expect(publishDateTimeFromIso('garbage', NOW)).toEqual({
      publishDate: '2026-11-22',
      publishTime: '14:30',
    });
  });

  it('turns the form values into the request fields', () => {
    expect(
      toPostSubmission({ ...VALID, link: '  https://givedrop.example/x  ', isDraft: true }),
    ).toEqual({
      message: VALID.message,
      link: 'https://givedrop.example/x',
      publishedDate: new Date(2026, 10, 22, 14, 30).toISOString(),
      isDraft: true,
    });
    expect(() => toPostSubmission({ ...VALID, publishTime: 'soon' })).toThrow(RangeError);
  });
});
