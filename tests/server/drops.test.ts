import { is } from 'superstruct';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import type { ListResponse } from '../../contract/lists';
import { apiPaths } from './support/apiPaths';
import { DropItem, type DropsFeedRequest } from '../../contract/posts';
import { SEED_DROP_COUNT, seedMediaFiles, seedMediaList } from '../../server/db/seedContent';
import { DEMO_USERS } from '../../server/db/seedData';
import { dropMessages } from '../../server/features/drops/domain';
import { MediaStorage } from '../../server/media/storage';
import { useTestApp } from './support/suite';
import {
  api,
  bearer,
  envelopeOf,
  feedRequest,
  login,
  type LoginResult,
} from './support/testServer';

let session: LoginResult;

const { test } = useTestApp({ appPerTest: true });
beforeEach(async () => {
  session = await login(test.app, DEMO_USERS.newbie.email);
});

function dropsFeed(payload: unknown, token: string | null = session.jwtToken) {
  return test.app.inject({
    method: 'POST',
    url: api(apiPaths.dropsFeedList),
    headers: token === null ? {} : bearer(token),
    payload: payload as object,
  });
}

async function page(number: number, extra: Partial<DropsFeedRequest> = {}) {
  const response = await dropsFeed(feedRequest(number, extra));
  expect(response.statusCode).toBe(200);
  return envelopeOf(response).data as ListResponse<DropItem>;
}

describe('POST /drops/feedList', () => {
  it('needs a signed-in user', async () => {
    const response = await dropsFeed(feedRequest(1), null);
    expect(response.statusCode).toBe(401);
    expect(envelopeOf(response)).toEqual({
      status: ResponseStatus.Unauthorized,
      messages: ['User is not authenticated'],
      data: null,
    });
  });

  it('pages the seeded drops newest first, then answers an empty page', async () => {
    const first = await page(1);
    const second = await page(2);
    const third = await page(3);
    expect(first.list).toHaveLength(20);
    expect(second.list).toHaveLength(SEED_DROP_COUNT - 20);
    expect(third.list).toEqual([]);
    const all = [...first.list, ...second.list];
    for (const drop of all) expect(is(drop, DropItem)).toBe(true);
    expect(new Set(all.map((drop) => drop.id)).size).toBe(SEED_DROP_COUNT);
    const dates = all.map((drop) => Date.parse(drop.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await page(1, { getTotalCount: true })).totalCount).toBe(SEED_DROP_COUNT);
    expect((await page(1, { sortByDescending: false, pageSize: 1 })).list[0]).toEqual(all.at(-1));
  });

  it('shows the authors by name and media of both kinds with their sizes', async () => {
    const all = [...(await page(1)).list, ...(await page(2)).list];
    expect(new Set(all.map((drop) => drop.user))).toEqual(
      new Set(['Olivia Harper', 'Marcus Reed', 'Nina Park']),
    );
    const media = all.flatMap((drop) => drop.media);
    expect(all.every((drop) => drop.media.length >= 1)).toBe(true);
    expect(media.filter((file) => file.type === 'video').length).toBeGreaterThanOrEqual(5);
    expect(all.some((drop) => drop.media[0]?.type === 'video')).toBe(true);
    for (const file of media) {
      expect(file.url).toMatch(/^\/media\/files\/seed-(drop|video)-[a-z0-9-]+$/);
      expect(file.width).toBeGreaterThan(0);
    }
  });

  it('serves every seeded media file once seeded into the media directory', async () => {
    const storage = new MediaStorage(test.mediaDir);
    expect(await seedMediaFiles(storage)).toBe(seedMediaList().length);
    expect(await seedMediaFiles(storage)).toBe(0);
    const all = [...(await page(1)).list, ...(await page(2)).list];
    const video = all.flatMap((drop) => drop.media).find((file) => file.type === 'video');
    const image = all.flatMap((drop) => drop.media).find((file) => file.type === 'image');
    const videoResponse = await test.app.inject({ method: 'GET', url: video?.url ?? '' });
    expect(videoResponse.statusCode).toBe(200);
    expect(videoResponse.headers['content-type']).toBe('video/mp4');
    // An MP4: the 'ftyp' box first.
    expect(videoResponse.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const imageResponse = await test.app.inject({ method: 'GET', url: image?.url ?? '' });
    expect(imageResponse.statusCode).toBe(200);
    expect(imageResponse.headers['content-type']).toBe('image/webp');
  });

  it('refuses an unknown sortBy and malformed paging', async () => {
    const response = await dropsFeed(feedRequest(1, { sortBy: 'Reactions' }));
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).messages).toEqual([dropMessages.sortBy]);
    for (const payload of [
      { page: 0 },
      { pageSize: 0 },
      { page: 'two' },
      { showFirstGuid: 'x' },
      [],
    ]) {
      expect((await dropsFeed(payload)).statusCode).toBe(400);
    }
    expect((await page(2_000_000_000, { pageSize: 999 })).list).toEqual([]);
  });
});
