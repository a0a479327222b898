/**
 * Demo content: posts for the signed-in feed and drops with images and videos for the carousel,
 * written by the demo users (seedData.ts). The rows are seeded with the database; the media files
 * they show are generated (images, with sharp) or copied (two short H.264 videos committed in
 * seedMedia/) into the media service's files by {@link seedMediaFiles} at start.
 *
 * {@link seedManyPosts} adds any number of published posts quickly (the feed benchmark seeds
 * 10,000; an end-to-end test can seed a long feed the same way).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { mulberry32 } from '../../contract/random';
import type { MediaStorage } from '../media/storage';
import type { Database, Queryable } from './database';
import { drops, posts, tenants, users, type DropMediaFile } from './schema';
import { DEMO_TENANTS, DEMO_USERS, type DemoTenantKey, type DemoUser } from './seedData';

const HOUR_MS = 60 * 60 * 1000;
/** The charity the demo Drops give to. */
const DEMO_CHARITY: DemoTenantKey = 'harbourHope';
/** How long a demo Drop runs (the longest a Drop may: contract DROP_DAYS_MAX). */
const DEMO_DROP_DAYS = 30;

/** Who writes the demo content, in which of their tenants. */
const AUTHORS: readonly { user: DemoUser['key']; tenant: DemoTenantKey }[] = [
  { user: 'owner', tenant: 'harbourHope' },
  { user: 'member', tenant: 'marcusReed' },
  { user: 'newbie', tenant: 'ninaPark' },
  { user: 'member', tenant: 'harbourHope' },
];

const POST_MESSAGES = [
  'Our volunteers packed 400 food parcels this weekend. Thank you all! #community #foodbank',
  'Coastal clean-up on Saturday: bring gloves, we bring the coffee. #beachclean #volunteer',
  'Running the Harbour 10k for the lifeboat crews. Every pound counts! #fundraising #run',
  'New reading corner opened at the children’s ward today. #literacy #kindness',
  'Thank you to everyone who joined the winter coat drive. 1,200 coats and counting. #givingback',
  'We planted 250 trees along the river path this morning. #climate #trees',
  'Bake sale raised £612 for the animal shelter. Best lemon drizzle in town. #bakesale',
  'Looking for weekend drivers for hospital visits. Can you help? #volunteer #transport',
  'A huge milestone: 10,000 hot meals served since January. #homelessness #community',
  'Quiz night on Friday at the Anchor, all proceeds to the hospice. #quiznight #charity',
  'Swimming across the bay next month for clean water projects. #cleanwater #challenge',
  'Our garden club grew 80 kg of vegetables for the community kitchen. #growyourown',
  'The youth choir sang at the care home today. Not a dry eye in the house. #music #care',
  'Match funding this week: every donation is doubled until Sunday! #matchfunding',
  'Repair café this Saturday: bring your broken toaster. #repair #sustainability',
  'Sleeping out under the stars for homeless charities. Sponsor me? #sleepout',
  'Thank you letters from the school we built. Read them below. #education',
  'Our first charity football match: volunteers 3, staff 2. #football #teamwork',
  'Knitting circle made 150 blankets for the neonatal unit. #knitting #nhs',
  'Volunteer of the month: Priya, who drove 900 miles delivering supplies. #thankyou',
];

const POST_LINKS = [
  'https://givedrop.example/campaigns/harbour-10k',
  'https://givedrop.example/events/coastal-clean-up',
  'https://givedrop.example/appeals/winter-coats',
];

const DROP_TEXTS = [
  'Behind the scenes at the lifeboat station: exclusive for supporters this week only.',
  'First look at the new community kitchen before it opens its doors.',
  'Meet the puppies at the shelter! Adoption day is this Saturday.',
  'Sunrise over the bay from the swim start line.',
  'The mural our young artists painted for the hospice garden.',
  'Our tree nursery is ready for the winter planting season.',
  'The moment we reached our target, live from the finish line.',
  'Sneak peek at the charity calendar shoot.',
  'A day in the life of our outreach van.',
  'Thank you video from the school in Kisumu.',
];

const PALETTES = [
  ['#1b4965', '#5fa8d3'],
  ['#6a040f', '#f48c06'],
  ['#2d6a4f', '#95d5b2'],
  ['#3c096c', '#c77dff'],
  ['#003049', '#fcbf49'],
  ['#283618', '#dda15e'],
  ['#023e8a', '#90e0ef'],
  ['#9d0208', '#ffba08'],
] as const;

export type SeedMediaFile =
  | { fileId: string; type: 'image'; width: number; height: number; seed: number }
  | { fileId: string; type: 'video'; width: number; height: number; source: string };

/** The committed sample videos (generated with ffmpeg's lavfi sources; H.264 baseline, 3 s). */
const SEED_VIDEOS = [
  { fileId: 'seed-video-fractal', source: 'fractal.mp4', width: 320, height: 320 },
  { fileId: 'seed-video-gradients', source: 'gradients.mp4', width: 320, height: 320 },
] as const;

export const SEED_POST_COUNT = 60;
export const SEED_DROP_COUNT = 30;
const POST_IMAGE_SIZES = [
  [1080, 720],
  [1080, 1080],
  [1080, 1350],
] as const;

function postImage(index: number): SeedMediaFile {
  const [width, height] = POST_IMAGE_SIZES[index % POST_IMAGE_SIZES.length] ?? [1080, 720];
  return {
    fileId: `seed-post-${String(index + 1).padStart(2, '0')}`,
    type: 'image',
    width,
    height,
    seed: 1000 + index,
  };
}

/** Every third post has an image. */
const postHasImage = (index: number) => index % 3 === 0;

function dropMedia(index: number): SeedMediaFile[] {
  const images = 1 + (index % 3);
  const files: SeedMediaFile[] = Array.from({ length: images }, (_, n) => ({
    fileId: `seed-drop-${String(index + 1).padStart(2, '0')}-${n + 1}`,
    type: 'image' as const,
    width: 720,
    height: 960,
    seed: 2000 + index * 10 + n,
  }));
  // Every fourth drop has a video (first for every eighth), 8 drops with video in all.
  if (index % 4 === 1) {
    const video = SEED_VIDEOS[(index >> 2) % SEED_VIDEOS.length] ?? SEED_VIDEOS[0];
    const file: SeedMediaFile = { ...video, type: 'video' };
    if (index % 8 === 1) files.unshift(file);
    else files.push(file);
  }
  return files;
}

/** Every media file the seeded rows refer to. */
export function seedMediaList(): SeedMediaFile[] {
  const files = new Map<string, SeedMediaFile>();
  for (let index = 0; index < SEED_POST_COUNT; index += 1) {
    if (postHasImage(index)) {
      const file = postImage(index);
      files.set(file.fileId, file);
    }
  }
  for (let index = 0; index < SEED_DROP_COUNT; index += 1) {
    for (const file of dropMedia(index)) files.set(file.fileId, file);
  }
  return [...files.values()];
}

const toDropMedia = (file: SeedMediaFile): DropMediaFile => ({
  fileId: file.fileId,
  type: file.type,
  width: file.width,
  height: file.height,
});

async function authorIds(db: Queryable) {
  const userRows = await db.select({ id: users.id, email: users.email }).from(users);
  const tenantRows = await db.select({ id: tenants.id, name: tenants.name }).from(tenants);
  const authors: { userId: number; tenantId: number }[] = [];
  for (const author of AUTHORS) {
    const userId = userRows.find((row) => row.email === DEMO_USERS[author.user].email)?.id;
    const tenantId = tenantRows.find((row) => row.name === DEMO_TENANTS[author.tenant].name)?.id;
    if (userId !== undefined && tenantId !== undefined) authors.push({ userId, tenantId });
  }
  const charityTenantId =
    tenantRows.find((row) => row.name === DEMO_TENANTS[DEMO_CHARITY].name)?.id ?? null;
  return { authors, charityTenantId };
}

async function isEmpty(db: Queryable, table: typeof posts | typeof drops): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(table);
  return (row?.total ?? 0) === 0;
}

/** A post in the feed since `at`, with `image` (a seeded file) as its media when given. */
function feedPostRow(
  author: { userId: number; tenantId: number },
  at: Date,
  image: SeedMediaFile | undefined,
  text: { message: string; link: string },
): typeof posts.$inferInsert {
  return {
    ...author,
    ...text,
    publishedDate: at,
    createdAt: at,
    isDraft: false,
    ...(image === undefined
      ? {}
      : {
          mediaFileId: image.fileId,
          mediaOriginalName: `${image.fileId}.jpg`,
          mediaWidth: image.width,
          mediaHeight: image.height,
        }),
  };
}

function demoPostRows(authors: { userId: number; tenantId: number }[], now: Date) {
  const rows: (typeof posts.$inferInsert)[] = [];
  for (let index = 0; index < SEED_POST_COUNT; index += 1) {
    const author = authors[index % authors.length];
    if (author === undefined) break;
    const at = new Date(now.getTime() - (index + 1) * 7 * HOUR_MS);
    const image = postHasImage(index) ? postImage(index) : undefined;
    rows.push(
      feedPostRow(author, at, image, {
        message: POST_MESSAGES[index % POST_MESSAGES.length] ?? 'Hello',
        link: index % 5 === 2 ? (POST_LINKS[index % POST_LINKS.length] ?? '') : '',
      }),
    );
  }
  // Out of the feed: a draft and a post scheduled for tomorrow, both by the owner.
  const owner = authors[0];
  if (owner !== undefined) {
    rows.push(
      {
        ...owner,
        message: 'Draft: annual report highlights, to finish before Friday. #draft',
        publishedDate: now,
        createdAt: now,
        isDraft: true,
      },
      {
        ...owner,
        message: 'Tomorrow: the results of the Harbour 10k! #scheduled',
        publishedDate: new Date(now.getTime() + 24 * HOUR_MS),
        createdAt: now,
        isDraft: false,
      },
    );
  }
  return rows;
}

function demoDropRows(
  authors: { userId: number; tenantId: number }[],
  charityTenantId: number | null,
  now: Date,
) {
  return Array.from({ length: SEED_DROP_COUNT }, (_, index) => {
    const author = authors[index % authors.length] ?? authors[0];
    if (author === undefined) throw new Error('No demo author to seed drops with.');
    const date = new Date(now.getTime() - (index + 1) * 5 * HOUR_MS);
    return {
      ...author,
      content: DROP_TEXTS[index % DROP_TEXTS.length] ?? 'Drop',
      date,
      // Live for a month from their start; every other one has a goal (£250, £500, ...).
      endsAt: new Date(date.getTime() + DEMO_DROP_DAYS * 24 * HOUR_MS),
      charityTenantId,
      goal: index % 2 === 0 ? 25_000 * (1 + (index % 4)) : null,
      currency: 'gbp',
      reactions: (index * 37) % 250,
      media: dropMedia(index).map(toDropMedia),
    };
  });
}

export interface SeedContentOptions {
  now?: Date;
}

/**
 * Inserts the demo posts when there are none, and the demo drops when there are none (so an
 * older database gets them too); true when it inserted anything.
 */
export async function seedContent(db: Database, options: SeedContentOptions = {}) {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const { authors, charityTenantId } = await authorIds(tx);
    if (authors.length === 0) return false;
    let seeded = false;
    if (await isEmpty(tx, posts)) {
      await tx.insert(posts).values(demoPostRows(authors, now));
      seeded = true;
    }
    if (await isEmpty(tx, drops)) {
      await tx.insert(drops).values(demoDropRows(authors, charityTenantId, now));
      seeded = true;
    }
    return seeded;
  });
}

const SEED_MEDIA_DIR = new URL('./seedMedia/', import.meta.url);

/** An abstract picture: a diagonal gradient with soft circles, from a seed. */
function imageSvg(width: number, height: number, seed: number): string {
  const random = mulberry32(seed);
  const [from, to] = PALETTES[seed % PALETTES.length] ?? PALETTES[0];
  const circles = Array.from({ length: 7 }, () => {
    const r = Math.round((0.08 + random() * 0.25) * Math.min(width, height));
    const cx = Math.round(random() * width);
    const cy = Math.round(random() * height);
    const opacity = (0.12 + random() * 0.3).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${opacity}"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`
  );
}

async function seedFileData(file: SeedMediaFile): Promise<{ data: Buffer; contentType: string }> {
  if (file.type === 'video') {
    return {
      data: await readFile(fileURLToPath(new URL(file.source, SEED_MEDIA_DIR))),
      contentType: 'video/mp4',
    };
  }
  const svg = Buffer.from(imageSvg(file.width, file.height, file.seed));
  return { data: await sharp(svg).webp({ quality: 78 }).toBuffer(), contentType: 'image/webp' };
}

/** Writes the seeded rows' media files that are missing; returns how many it wrote. */
export async function seedMediaFiles(storage: MediaStorage): Promise<number> {
  await storage.init();
  let written = 0;
  for (const file of seedMediaList()) {
    if ((await storage.readFileInfo(file.fileId)) !== undefined) continue;
    const { data, contentType } = await seedFileData(file);
    await storage.saveFile(
      file.fileId,
      {
        presetId: file.type === 'image' ? 'post' : 'seed',
        contentType,
        width: file.width,
        height: file.height,
        reference: 'seed',
        fileName: file.type === 'video' ? file.source : `${file.fileId}.webp`,
      },
      data,
    );
    written += 1;
  }
  return written;
}

export interface SeedManyPostsOptions {
  count: number;
  now?: Date;
  /** Minutes between consecutive posts, going back from `now` (default 1). */
  spacingMinutes?: number;
  /** Every nth post gets one of the seeded images (0: none; default 4). */
  imageEvery?: number;
}

/**
 * Inserts `count` published posts by the demo authors, newest `spacingMinutes` before `now` and
 * each older by that much, in batches (10,000 take a few seconds on PGlite).
 */
export async function seedManyPosts(db: Database, options: SeedManyPostsOptions): Promise<number> {
  const now = options.now ?? new Date();
  const spacing = (options.spacingMinutes ?? 1) * 60 * 1000;
  const imageEvery = options.imageEvery ?? 4;
  const { authors } = await authorIds(db);
  if (authors.length === 0) throw new Error('Seed the demo users first.');
  const images = seedMediaList().filter((file) => file.fileId.startsWith('seed-post-'));
  const batchSize = 1000;
  for (let start = 0; start < options.count; start += batchSize) {
    const rows: (typeof posts.$inferInsert)[] = [];
    for (let index = start; index < Math.min(options.count, start + batchSize); index += 1) {
      const author = authors[index % authors.length] ?? authors[0];
      if (author === undefined) break;
      const at = new Date(now.getTime() - (index + 1) * spacing);
      const image =
        imageEvery > 0 && index % imageEvery === 0 ? images[index % images.length] : undefined;
      rows.push(
        feedPostRow(author, at, image, {
          message: `${POST_MESSAGES[index % POST_MESSAGES.length] ?? 'Hello'} (${index + 1})`,
          link: '',
        }),
      );
    }
    await db.insert(posts).values(rows);
  }
  return options.count;
}
