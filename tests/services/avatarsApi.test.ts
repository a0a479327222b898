/** The avatar calls (users/confirmAvatarFileUpload, users/deleteAvatarFile) against a real local server. */
import { describe, expect, it } from 'vitest';
import type { UserAvatar } from '../../contract/avatars';
import { createAvatarsApi } from '../../src/services/api/avatars';
import { envelope, useTestServer } from './helpers/testServer';

const ERROR = 3;
const server = useTestServer();
const { answer } = server;

const avatars = () => createAvatarsApi(server.http('tok-1'));

const stored: UserAvatar = { avatarType: 'Stored', avatarUrl: '/media/files/avatar-9' };
const initials: UserAvatar = { avatarType: 'Initials', avatarUrl: '' };

describe('avatars.confirmUpload: POST users/confirmAvatarFileUpload', () => {
  it('posts id, fileStorageId and fileStorageOriginalName as JSON with the bearer; answers the avatar', async () => {
    answer(envelope(stored));
    const request = { id: 4, fileStorageId: 'pending-1', fileStorageOriginalName: 'me.jpg' };
    await expect(avatars().confirmUpload(request)).resolves.toEqual(stored);
    const [sent, ...rest] = server.calls();
    expect(rest).toEqual([]);
    expect([sent?.method, sent?.url]).toEqual(['POST', '/api/users/confirmAvatarFileUpload']);
    expect(sent?.headers.authorization).toBe('Bearer tok-1');
    expect(JSON.parse(sent?.body.toString() ?? '')).toEqual(request);
  });

  it("throws the server's messages", async () => {
    answer(envelope(null, ERROR, ['The photo upload has expired or cannot be used.']), 400);
    await expect(
      avatars().confirmUpload({ id: 4, fileStorageId: 'x', fileStorageOriginalName: 'a.png' }),
    ).rejects.toMatchObject({ messages: ['The photo upload has expired or cannot be used.'] });
  });

  it('an answer that is not an avatar is an invalid response', async () => {
    answer(envelope({ avatarType: 'Painted', avatarUrl: '' }));
    await expect(
      avatars().confirmUpload({ id: 4, fileStorageId: 'x', fileStorageOriginalName: 'a.png' }),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('avatars.deleteAvatar: DELETE users/deleteAvatarFile?id=', () => {
  it('sends the id in the query string; answers the avatar (initials)', async () => {
    answer(envelope(initials));
    await expect(avatars().deleteAvatar(4)).resolves.toEqual(initials);
    const [sent] = server.calls();
    expect([sent?.method, sent?.url]).toEqual(['DELETE', '/api/users/deleteAvatarFile?id=4']);
    expect(sent?.headers.authorization).toBe('Bearer tok-1');
  });

  it("throws the server's messages", async () => {
    answer(envelope(null, ERROR, ['You can only change your own photo.']), 403);
    await expect(avatars().deleteAvatar(5)).rejects.toMatchObject({
      httpStatus: 403,
      messages: ['You can only change your own photo.'],
    });
  });
});
