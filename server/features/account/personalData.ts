/**
 * Download Personal Data (spec §2.3 Data Privacy, §7.2 users/downloadPersonalData): a zip of the
 * person's data, built while it is sent, named from the first and last name without spaces plus a
 * yymmddHHMMSS stamp (contract personalDataFileName). The stamp is the server's clock in UTC: the
 * server does not know the person's time zone, and UTC gives every server process the same name.
 *
 * The zip holds `personal-data.json` (the profile without the password hash, the Google subject
 * or any secret; the consents with the privacy policy's and the terms' dates and versions; the
 * memberships with the organisations' names and the roles; the interest topics; the posts and
 * drops the person wrote; the invitations they sent or received) and, under `media/`, the files of
 * their posts and drops and their stored avatar, read from the media service's storage; the JSON
 * names each file's path in the zip. A file the storage no longer has is left out (its path is
 * null in the JSON).
 *
 * The zip library is yazl: it writes the archive as a stream with back-pressure (a file is read
 * only when the client has taken what came before it, so a large download holds little memory and
 * one open file at a time), deflates with Node's zlib off the main thread, stores already
 * compressed media as they are, and has a single small dependency. (archiver does the same with
 * about ten dependencies; fflate's zip is synchronous on the main thread.) Rate-limited per account.
 */
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { personalDataFileName } from '../../../contract/account';
import { userRoleLabel } from '../../../contract/enums';
import type { MediaService } from '../../media/service';
import type { StoredFile } from '../../media/storage';
import type { TenantScope } from '../../domain/scope';
import { loginProvidersOf, toAccountType, toAvatarType, toUserRole } from '../../domain/users';
import type { AccountDeps } from './accountContext';
import { loadCaller, personalFieldsOf } from './domain';
import {
  selectDropsByAuthor,
  selectPostsByAuthor,
  selectTenantUsers,
  selectUserTopics,
  type UserRow,
} from './queries';

export const PERSONAL_DATA_JSON = 'personal-data.json';
export const MEDIA_FOLDER = 'media/';
export const ZIP_CONTENT_TYPE = 'application/zip';

/** The answer of the download: a file to send as an attachment. */
export interface PersonalDataFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
};

/** The path of a media file in the zip. */
export const mediaPath = (file: Pick<StoredFile, 'fileId' | 'contentType'>) =>
  `${MEDIA_FOLDER}${file.fileId}.${EXTENSIONS[file.contentType] ?? 'bin'}`;

/**
 * `at` moved so that its local-time fields read the UTC time: personalDataFileName (shared with
 * the client) reads local fields, and the server names the file in UTC. (Where the server's own
 * time zone skips an hour, a UTC time inside the skipped hour reads an hour later.)
 */
export function asUtcFields(at: Date): Date {
  return new Date(
    at.getUTCFullYear(),
    at.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
  );
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The media files the JSON refers to, found in the storage: their zip path by file id. */
async function findFiles(media: MediaService, fileIds: string[]): Promise<Map<string, StoredFile>> {
  const found = new Map<string, StoredFile>();
  for (const fileId of new Set(fileIds)) {
    const file = await media.storage.readFileInfo(fileId);
    if (file !== undefined) found.set(fileId, file);
  }
  return found;
}

/** Everything the zip holds, read before the first byte is sent. */
async function gather(deps: AccountDeps, user: UserRow) {
  const [memberships, topics, posts, drops] = await Promise.all([
    selectTenantUsers(deps.db, user.id),
    selectUserTopics(deps.db, user.id),
    selectPostsByAuthor(deps.db, user.id),
    selectDropsByAuthor(deps.db, user.id),
  ]);
  const files = await findFiles(deps.media, [
    ...(user.avatarFileId === null ? [] : [user.avatarFileId]),
    ...posts.flatMap((post) => (post.mediaFileId === null ? [] : [post.mediaFileId])),
    ...drops.flatMap((drop) => drop.media.map((file) => file.fileId)),
  ]);
  return { memberships, topics, posts, drops, files };
}

type Gathered = Awaited<ReturnType<typeof gather>>;

/** personal-data.json: the person's data, without any secret. */
export function personalDataJson(user: UserRow, data: Gathered, exportedAt: Date) {
  const pathOf = (fileId: string | null) => {
    const file = fileId === null ? undefined : data.files.get(fileId);
    return file === undefined ? null : mediaPath(file);
  };
  return {
    exportedAt: exportedAt.toISOString(),
    profile: {
      ...personalFieldsOf(user),
      accountStatus: user.accountStatus,
      isHost: user.isHost,
      loginProviders: loginProvidersOf(user),
      avatarType: toAvatarType(user.avatarType),
      avatarUrl: user.avatarUrl,
      avatarFile: pathOf(user.avatarFileId),
      avatarColor: user.avatarColor,
      avatarBgColor: user.avatarBgColor,
      annotationColor: user.annotationColor,
      createdAt: user.createdAt.toISOString(),
    },
    consents: {
      consentToHelpEmails: user.consentToHelpEmails,
      consentToMarketingEmails: user.consentToMarketingEmails,
      termsAcceptedDate: iso(user.termsAcceptedDate),
      termsVersion: user.termsVersion,
      privacyPolicyAgreedDate: iso(user.privacyPolicyAgreedDate),
      privacyPolicyVersion: user.privacyPolicyVersion,
    },
    memberships: data.memberships.map((membership) => ({
      organisationId: membership.tenantId,
      organisationName: membership.tenantName,
      accountType: toAccountType(membership.accountType),
      userRole: userRoleLabel[toUserRole(membership.userRole)],
      owner: membership.owner,
      loginEnabled: membership.loginEnabled,
      lastLoginDate: iso(membership.lastLoginDate),
      joinedAt: membership.createdAt.toISOString(),
    })),
    interestedTopics: data.topics,
    posts: data.posts.map((post) => ({
      id: post.id,
      guid: post.guid,
      organisationId: post.tenantId,
      organisationName: post.tenantName,
      message: post.message,
      link: post.link,
      publishedDate: post.publishedDate.toISOString(),
      isDraft: post.isDraft,
      isPublished: post.isPublished,
      createdAt: post.createdAt.toISOString(),
      mediaFile: pathOf(post.mediaFileId),
      mediaOriginalName: post.mediaOriginalName,
    })),
    drops: data.drops.map((drop) => ({
      id: drop.id,
      guid: drop.guid,
      organisationId: drop.tenantId,
      organisationName: drop.tenantName,
      content: drop.content,
      date: drop.date.toISOString(),
      createdAt: drop.createdAt.toISOString(),
      mediaFiles: drop.media.map((file) => pathOf(file.fileId)),
    })),
    // There is no invitations table yet: the invitations the person sent (as an administrator)
    // and received come from it when user invitations are built (issue 17).
    invitations: { sent: [], received: [] },
  };
}

/** The zip, streamed: the JSON first, then each media file, read when its turn comes. */
function zipStream(
  deps: AccountDeps,
  json: unknown,
  files: Iterable<StoredFile>,
  at: Date,
): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (typed as the older NodeJS.ReadableStream).
  const output = zip.outputStream as Readable;
  const reading = new Set<Readable>();
  const fail = (error: unknown) => {
    deps.log.error({ err: error }, 'the personal data zip could not be completed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  // A download the client abandoned stops reading its files.
  output.on('close', () => {
    for (const stream of reading) stream.destroy();
  });
  zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2)), PERSONAL_DATA_JSON, { mtime: at });
  for (const file of files) {
    zip.addReadStreamLazy(mediaPath(file), { mtime: at, compress: false }, (done) => {
      deps.media.storage.openFile(file.fileId).then((opened) => {
        if (opened === undefined) {
          // Deleted since it was listed (its post deleted meanwhile): its entry stays, empty.
          deps.log.warn({ fileId: file.fileId }, 'a media file left the personal data zip');
          done(null, Readable.from([]));
          return;
        }
        const { stream } = opened;
        reading.add(stream);
        stream.on('error', fail);
        stream.on('close', () => reading.delete(stream));
        done(null, stream);
      }, fail);
    });
  }
  zip.end();
  return output;
}

/** GET users/downloadPersonalData: the caller's data as a zip. */
export async function downloadPersonalData(
  deps: AccountDeps,
  scope: TenantScope,
): Promise<PersonalDataFile> {
  await deps.accountLimits.downloads.take(scope.userId);
  const user = await loadCaller(deps.db, scope);
  const data = await gather(deps, user);
  const now = deps.now();
  return {
    fileName: personalDataFileName(user.firstName, user.lastName, asUtcFields(now)),
    contentType: ZIP_CONTENT_TYPE,
    stream: zipStream(deps, personalDataJson(user, data, now), data.files.values(), now),
  };
}
