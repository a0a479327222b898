/**
 * A person's picture (spec §3 User avatarUrl and avatarType, §4 Avatar upload, §7.2 Users
 * confirmAvatarFileUpload and deleteAvatarFile; issue 14 item 4): a pending upload of the avatar
 * preset, carrying the uploader's reference and not expired, becomes the caller's stored avatar,
 * which the media service serves, the next session token carries and the feed shows; deleting it
 * goes back to Initials and removes the file. Every other pending id, and another user's id, is
 * refused with nothing changed.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { avatarTexts, avatarUploadReference, type UserAvatar } from '../../contract/avatars';
import { avatarEndpoints } from '../../contract/endpoints/avatars';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { postEndpoints } from '../../contract/endpoints/posts';
import { ResponseStatus } from '../../contract/enums';
import type { ListResponse } from '../../contract/lists';
import type { PendingUpload } from '../../contract/media';
import type { FeedPost, Post } from '../../contract/posts';
import { tenantUsers, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { NO_TENANT_ACCESS } from '../../server/domain/scope';
import { makeImage, mediaApiKey, upload } from './support/media';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';

let apiKey: string;
/** Marcus: a Standard User of Harbour Hope (the caller unless said otherwise). */
let member: srv.LoginResult;
/** Nina: another organisation's user. */
let newbie: srv.LoginResult;

const { handle, test } = useTestApp({ appPerTest: true });
beforeEach(async () => {
  // Every test starts from Initials: the avatars of the previous one are put back.
  await handle.db
    .update(users)
    .set({ avatarType: 'Initials', avatarUrl: '', avatarFileId: null })
    .where(sql`true`);
  apiKey = await mediaApiKey(test.app);
  member = await srv.login(test.app, DEMO_USERS.member.email);
  newbie = await srv.login(test.app, DEMO_USERS.newbie.email);
});

const pendingFiles = async () => (await readdir(join(test.mediaDir, 'pending'))).sort();
const confirmedFiles = async () => (await readdir(join(test.mediaDir, 'files'))).sort();
const filesOf = (fileId: string) => [fileId, `${fileId}.json`].sort();

interface AvatarUploadOptions {
  reference?: string;
  presetId?: string;
  size?: number;
}

/** Uploads a square picture through the media service's HTTP route, as the client does. */
async function uploadAvatar(
  session: srv.LoginResult,
  options: AvatarUploadOptions = {},
): Promise<PendingUpload> {
  const size = options.size ?? 300;
  const presetId = options.presetId ?? 'avatar';
  const response = await upload(
    test.app,
    apiKey,
    {
      fileName: 'me.png',
      contentType: 'image/png',
      data: await makeImage('png', size, presetId === 'post' ? size + 100 : size),
    },
    { presetId, reference: options.reference ?? avatarUploadReference(session.claims.guid) },
  );
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  const [first] = response.json<PendingUpload[]>();
  if (first === undefined) throw new Error('upload answered no file');
  return first;
}

function call(
  endpoint: Pick<AnyEndpoint, 'method' | 'path'>,
  session: srv.LoginResult | undefined,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: endpoint.method,
    url: srv.api(endpoint.path),
    headers: session === undefined ? {} : srv.bearer(session.jwtToken),
  };
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') options.payload = payload;
  else {
    options.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
  }
  return test.app.inject(options);
}

const confirm = (session: srv.LoginResult, fileStorageId: string, id = session.claims.id) =>
  call(avatarEndpoints.confirmAvatarFileUpload, session, {
    id,
    fileStorageId,
    fileStorageOriginalName: 'me.png',
  });

const remove = (session: srv.LoginResult, id = session.claims.id) =>
  call(avatarEndpoints.deleteAvatarFile, session, { id });

function answered(response: LightMyRequestResponse): UserAvatar {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  const body = srv.envelopeOf(response);
  expect(body.status).toBe(ResponseStatus.Ok);
  return body.data as UserAvatar;
}

function refused(response: LightMyRequestResponse, code: number, message: string) {
  expect(response.statusCode).toBe(code);
  expect(srv.envelopeOf(response)).toEqual({
    status: ResponseStatus.Error,
    messages: [message],
    data: null,
  });
}

async function avatarRow(userId: number) {
  const [row] = await handle.db
    .select({
      avatarType: users.avatarType,
      avatarUrl: users.avatarUrl,
      avatarFileId: users.avatarFileId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const currentTenantIdOf = (session: srv.LoginResult) =>
  srv.parseJsonClaim<{ id: number }>(session.claims.currentTenant).id;

const INITIALS_ROW = { avatarType: 'Initials', avatarUrl: '', avatarFileId: null };

const fileUrl = (fileId: string) => `/media/files/${fileId}`;
const getFile = (url: string) => test.app.inject({ method: 'GET', url });

/** The token a session refresh answers (built from the database, not from the old token). */
async function refreshed(session: srv.LoginResult): Promise<srv.LoginResult> {
  const response = await srv.postRefresh(test.app, session.refreshToken);
  expect(response.statusCode).toBe(200);
  return srv.sessionOf(response);
}

async function postAs(session: srv.LoginResult, message: string): Promise<Post> {
  const response = await call(postEndpoints.create, session, {
    message,
    link: '',
    publishedDate: test.clock.now().toISOString(),
    isDraft: false,
  });
  expect(response.statusCode).toBe(200);
  return srv.envelopeOf(response).data as Post;
}

async function feedPage(session: srv.LoginResult): Promise<FeedPost[]> {
  const response = await call(postEndpoints.feedList, session, srv.feedRequest(1));
  expect(response.statusCode).toBe(200);
  return (srv.envelopeOf(response).data as ListResponse<FeedPost>).list;
}

describe('POST users/confirmAvatarFileUpload', () => {
  it('makes the own avatar upload the stored picture: served, in the next token and in the feed', async () => {
    const post = await postAs(member, 'A post that shows its author');
    // The feed's first page is now remembered, with the author's old (empty) avatar URL.
    expect((await feedPage(newbie)).find((row) => row.id === post.id)?.userAvatarUrl).toBe('');

    const pending = await uploadAvatar(member);
    expect(pending.reference).toBe(`avatar:${member.claims.guid}`);
    const avatar = answered(await confirm(member, pending.fileId));
    expect(avatar).toEqual({ avatarType: 'Stored', avatarUrl: fileUrl(pending.fileId) });
    expect(await avatarRow(member.claims.id)).toEqual({
      avatarType: 'Stored',
      avatarUrl: fileUrl(pending.fileId),
      avatarFileId: pending.fileId,
    });
    expect(await pendingFiles()).toEqual([]);

    const image = await getFile(avatar.avatarUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 300,
    });

    // The token in hand still says Initials; the refreshed one reads the user again.
    expect(member.claims).toMatchObject({ avatarType: 'Initials', avatarUrl: '' });
    expect((await refreshed(member)).claims).toMatchObject({
      avatarType: 'Stored',
      avatarUrl: avatar.avatarUrl,
    });

    const rows = (await feedPage(newbie)).filter((row) => row.userHandle === 'marcus_reed');
    expect(rows.map((row) => row.id)).toContain(post.id);
    expect(new Set(rows.map((row) => row.userAvatarUrl))).toEqual(new Set([avatar.avatarUrl]));
  });

  it('replaces an earlier stored picture and deletes its file', async () => {
    const first = await uploadAvatar(member);
    answered(await confirm(member, first.fileId));
    const second = await uploadAvatar(member, { size: 200 });
    expect(answered(await confirm(member, second.fileId))).toEqual({
      avatarType: 'Stored',
      avatarUrl: fileUrl(second.fileId),
    });
    expect((await getFile(fileUrl(first.fileId))).statusCode).toBe(404);
    expect((await getFile(fileUrl(second.fileId))).statusCode).toBe(200);
    expect(await confirmedFiles()).toEqual(filesOf(second.fileId));
    expect((await avatarRow(member.claims.id))?.avatarFileId).toBe(second.fileId);
  });

  it("refuses another user's id (403), leaving both users and the upload as they were", async () => {
    const pending = await uploadAvatar(member);
    refused(await confirm(member, pending.fileId, newbie.claims.id), 403, avatarTexts.notYours);
    expect(await avatarRow(newbie.claims.id)).toEqual(INITIALS_ROW);
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
    expect(await pendingFiles()).toEqual(filesOf(pending.fileId));
  });

  it("refuses another user's pending upload, which its uploader can still use", async () => {
    const theirs = await uploadAvatar(newbie);
    refused(await confirm(member, theirs.fileId), 400, avatarTexts.uploadNotUsable);
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
    expect(await pendingFiles()).toEqual(filesOf(theirs.fileId));
    expect(answered(await confirm(newbie, theirs.fileId)).avatarType).toBe('Stored');
  });

  it.each([
    ['no reference', ''],
    ["a post's reference", 'post-media'],
    ['the bare guid', 'GUID'],
    ['the reference in another letter case', 'AVATAR:GUID'],
  ])('refuses an avatar upload with %s (not usable), leaving it pending', async (_name, ref) => {
    const reference = ref.replace('GUID', member.claims.guid);
    const pending = await uploadAvatar(member, { reference });
    refused(await confirm(member, pending.fileId), 400, avatarTexts.uploadNotUsable);
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
    expect(await pendingFiles()).toEqual(filesOf(pending.fileId));
  });

  it("refuses a post's upload with the right reference, leaving it pending", async () => {
    const pending = await uploadAvatar(member, { presetId: 'post', size: 400 });
    refused(await confirm(member, pending.fileId), 400, avatarTexts.uploadNotUsable);
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
    expect(await pendingFiles()).toEqual(filesOf(pending.fileId));
  });

  it('refuses an upload older than MEDIA_PENDING_TTL_HOURS though the sweep has not yet deleted it', async () => {
    const ttlSeconds = test.config.mediaPendingTtlHours * 3600;
    const young = await uploadAvatar(member);
    const old = await uploadAvatar(member);
    // (Signing in again each time: the access token lives minutes.)
    test.clock.advanceSeconds(ttlSeconds - 60);
    member = await srv.login(test.app, DEMO_USERS.member.email);
    // Nearly as old as allowed: still usable.
    answered(await confirm(member, young.fileId));
    test.clock.advanceSeconds(61);
    member = await srv.login(test.app, DEMO_USERS.member.email);
    refused(await confirm(member, old.fileId), 400, avatarTexts.uploadNotUsable);
    expect(await pendingFiles()).toEqual(filesOf(old.fileId));
    expect((await avatarRow(member.claims.id))?.avatarFileId).toBe(young.fileId);
  });

  it('refuses an upload already confirmed, an unknown id and a path-like id', async () => {
    const pending = await uploadAvatar(member);
    answered(await confirm(member, pending.fileId));
    const stored = await avatarRow(member.claims.id);
    for (const fileId of [pending.fileId, 'nope', '../files/x', `../pending/${pending.fileId}`]) {
      refused(await confirm(member, fileId), 400, avatarTexts.uploadNotUsable);
    }
    expect(await avatarRow(member.claims.id)).toEqual(stored);
    expect((await getFile(fileUrl(pending.fileId))).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous confirmations of one upload through', async () => {
    const pending = await uploadAvatar(member);
    const responses = await Promise.all([
      confirm(member, pending.fileId),
      confirm(member, pending.fileId),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect((await avatarRow(member.claims.id))?.avatarFileId).toBe(pending.fileId);
    expect(await confirmedFiles()).toEqual(filesOf(pending.fileId));
  });

  it('puts the upload back to pending when the database write fails, changing nothing', async () => {
    const pending = await uploadAvatar(member);
    await handle.db.execute(sql`
      create function test_refuse_avatar() returns trigger language plpgsql as $$
      begin raise exception 'avatar writes refused by the test'; end $$`);
    await handle.db.execute(sql`
      create trigger test_refuse_avatar before update of avatar_file_id on users
      for each row execute function test_refuse_avatar()`);
    try {
      const response = await confirm(member, pending.fileId);
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('refused by the test');
    } finally {
      await handle.db.execute(sql`drop trigger test_refuse_avatar on users`);
      await handle.db.execute(sql`drop function test_refuse_avatar()`);
    }
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
    expect(await pendingFiles()).toEqual(filesOf(pending.fileId));
    expect(await confirmedFiles()).toEqual([]);
    // Nothing was used up: the same upload is confirmed once the database takes writes again.
    expect(answered(await confirm(member, pending.fileId)).avatarType).toBe('Stored');
  });

  it('refuses a caller whose login to the current organisation was disabled', async () => {
    const pending = await uploadAvatar(member);
    const membership = and(
      eq(tenantUsers.userId, member.claims.id),
      eq(tenantUsers.tenantId, currentTenantIdOf(member)),
    );
    await handle.db.update(tenantUsers).set({ loginEnabled: false }).where(membership);
    try {
      refused(await confirm(member, pending.fileId), 403, NO_TENANT_ACCESS);
      refused(await remove(member), 403, NO_TENANT_ACCESS);
    } finally {
      await handle.db.update(tenantUsers).set({ loginEnabled: true }).where(membership);
    }
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
    expect(await pendingFiles()).toEqual(filesOf(pending.fileId));
  });

  it('needs a signed-in caller', async () => {
    const pending = await uploadAvatar(member);
    const response = await test.app.inject({
      method: 'POST',
      url: srv.api(avatarEndpoints.confirmAvatarFileUpload.path),
      payload: { id: member.claims.id, fileStorageId: pending.fileId, fileStorageOriginalName: '' },
    });
    expect(response.statusCode).toBe(401);
    expect(await pendingFiles()).toEqual(filesOf(pending.fileId));
  });
});

describe('DELETE users/deleteAvatarFile', () => {
  it('goes back to Initials, removes the file, and the token and the feed follow', async () => {
    const post = await postAs(member, 'A post whose author removes their picture');
    const pending = await uploadAvatar(member);
    const stored = answered(await confirm(member, pending.fileId));
    expect((await feedPage(newbie)).find((row) => row.id === post.id)?.userAvatarUrl).toBe(
      stored.avatarUrl,
    );

    expect(answered(await remove(member))).toEqual({ avatarType: 'Initials', avatarUrl: '' });
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
    expect((await getFile(stored.avatarUrl)).statusCode).toBe(404);
    expect(await confirmedFiles()).toEqual([]);
    expect((await feedPage(newbie)).find((row) => row.id === post.id)?.userAvatarUrl).toBe('');

    const afterDelete = await refreshed(member);
    expect(afterDelete.claims).toMatchObject({ avatarType: 'Initials', avatarUrl: '' });
  });

  it('answers Initials when there is no stored picture (idempotent)', async () => {
    expect(answered(await remove(member))).toEqual({ avatarType: 'Initials', avatarUrl: '' });
    expect(answered(await remove(member))).toEqual({ avatarType: 'Initials', avatarUrl: '' });
    expect(await avatarRow(member.claims.id)).toEqual(INITIALS_ROW);
  });

  it("refuses another user's id (403) and leaves their picture and file", async () => {
    const theirs = await uploadAvatar(newbie);
    const stored = answered(await confirm(newbie, theirs.fileId));
    const before = await avatarRow(newbie.claims.id);
    refused(await remove(member, newbie.claims.id), 403, avatarTexts.notYours);
    expect(await avatarRow(newbie.claims.id)).toEqual(before);
    expect((await getFile(stored.avatarUrl)).statusCode).toBe(200);
  });

  it('refuses a malformed id with 400 and no caller with 401', async () => {
    const malformed = await call(avatarEndpoints.deleteAvatarFile, member, { id: 'me' });
    expect(malformed.statusCode).toBe(400);
    const anonymous = await test.app.inject({
      method: 'DELETE',
      url: srv.api(avatarEndpoints.deleteAvatarFile.path),
      query: { id: String(member.claims.id) },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
