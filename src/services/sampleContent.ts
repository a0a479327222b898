/**
 * Sample drops and posts for signed-out visitors (spec §2.3 Landing: the same home with sample
 * content), generated on the client from a seeded PRNG so every visit shows the same 20 drops
 * and 50 posts. Nothing here touches the network: avatars and images are small SVG data URLs
 * with their sizes, links only point away (http/https, opened by the card), and the dates count
 * back from a fixed moment. The pages answer at once; the machines own the fake delays.
 */
import { mulberry32, type Random } from '../../contract/random';
import { FEED_PAGE_SIZE, type DropItem, type FeedPost, type MediaFile } from '../../contract/posts';

export const SAMPLE_POST_COUNT = 50;
export const SAMPLE_DROP_COUNT = 20;
/** The seed of the generator and the moment the sample dates count back from. */
export const SAMPLE_SEED = 20261120;
export const SAMPLE_EPOCH = '2026-11-20T12:00:00.000Z';

const intBetween = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

const PEOPLE = ['maya', 'leo', 'ava', 'noah', 'zara', 'finn', 'isla', 'omar', 'ruby', 'theo'];
const MORE_PEOPLE = ['priya', 'kofi', 'lena', 'sam', 'ines', 'yusuf', 'grace', 'arjun'];
const SUFFIXES = ['_runs', '_gives', '_bakes', '_cares', '_helps', '_uk', '42', '_k'];
const CHARITIES = [
  'food_bank_leeds',
  'ocean_rescue',
  'helping_hands',
  'green_streets',
  'paws_shelter',
  'kids_read_uk',
  'warm_winter',
  'river_clean',
];
const OPENERS = [
  'Just finished',
  'Huge thanks to everyone who joined',
  'Day 3 of',
  'Proud to share',
  'Who is in for',
  'Behind the scenes at',
  'We did it:',
  'Small steps:',
];
const SUBJECTS = [
  'our charity 5k',
  'the beach clean-up',
  'the winter coat drive',
  'a bake sale for the shelter',
  'the library book swap',
  'the community garden',
  'a food bank shift',
  'a sponsored swim',
];
const CLOSERS = ['Every bit helps.', 'See you next week!', 'Thank you all.', 'Join us?', ''];
const HASHTAGS = ['#givedrop', '#charity', '#volunteer', '#community', '#fundraising', '#kindness'];
const LINKS = ['https://example.org/events/', 'https://example.com/appeal/', 'http://example.net/'];
const DROP_TEXTS = [
  'Exclusive: the first look at our new shelter, open this weekend only.',
  'Doors open at noon for the charity auction. Bid before it closes!',
  'Match-funding for 48 hours: every pound counts twice.',
  'Meet the volunteers behind this year’s winter appeal.',
  'A thank-you video from the kids’ reading club.',
];
/** Intrinsic sizes of the sample images (square, portrait, landscape). */
const IMAGE_SIZES: readonly (readonly [number, number])[] = [
  [1080, 1080],
  [1080, 1350],
  [1080, 720],
];

const svgUrl = (svg: string): string => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** A round avatar with the handle's first two letters on a colour of its own. */
function avatarUrl(handle: string, hue: number): string {
  const initials = handle
    .replace(/[^a-z]/gi, '')
    .slice(0, 2)
    .toUpperCase();
  return svgUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
      `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 42%)"/>` +
      `<text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="600" ` +
      `text-anchor="middle" fill="#fff">${initials}</text></svg>`,
  );
}

/** A gradient placeholder picture with a few soft circles, at one of the sample sizes. */
function sampleImage(random: Random): MediaFile {
  const [width, height] = pick(random, IMAGE_SIZES);
  const hue = intBetween(random, 0, 359);
  const circles = Array.from({ length: 3 }, () => {
    const cx = intBetween(random, 0, width);
    const cy = intBetween(random, 0, height);
    const r = intBetween(random, 80, 360);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.18"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 60%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360} 65% 40%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return { url: svgUrl(svg), type: 'image', width, height };
}

function guidOf(random: Random): string {
  const hex = Array.from({ length: 32 }, () => intBetween(random, 0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + intBetween(random, 0, 3)).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

interface SampleUser {
  handle: string;
  avatarUrl: string;
}

function userOf(random: Random, charity: boolean): SampleUser {
  const handle = charity
    ? pick(random, CHARITIES)
    : pick(random, random() < 0.5 ? PEOPLE : MORE_PEOPLE) + pick(random, SUFFIXES);
  let hue = 0;
  for (const c of handle) hue = (hue * 31 + c.charCodeAt(0)) % 360;
  return { handle, avatarUrl: avatarUrl(handle, hue) };
}

function generatePosts(): FeedPost[] {
  const random = mulberry32(SAMPLE_SEED);
  let time = Date.parse(SAMPLE_EPOCH);
  return Array.from({ length: SAMPLE_POST_COUNT }, (_, index) => {
    const user = userOf(random, random() < 0.3);
    const tags = Array.from({ length: intBetween(random, 0, 3) }, () => pick(random, HASHTAGS));
    const message = [
      `${pick(random, OPENERS)} ${pick(random, SUBJECTS)}!`,
      pick(random, CLOSERS),
      [...new Set(tags)].join(' '),
    ]
      .filter((part) => part !== '')
      .join(' ');
    const link = random() < 0.35 ? `${pick(random, LINKS)}${intBetween(random, 100, 999)}` : '';
    const postFiles = random() < 0.45 ? [sampleImage(random)] : [];
    // Newest first, each 20 minutes to 8 hours before the one above it.
    if (index > 0) time -= intBetween(random, 20, 480) * 60_000;
    return {
      id: SAMPLE_POST_COUNT - index,
      guid: guidOf(random),
      userHandle: user.handle,
      userAvatarUrl: user.avatarUrl,
      message,
      link,
      postFileUrls: postFiles.map((file) => file.url),
      postFiles,
      publishedDate: new Date(time).toISOString(),
    };
  });
}

function generateDrops(): DropItem[] {
  const random = mulberry32(SAMPLE_SEED + 1);
  let time = Date.parse(SAMPLE_EPOCH);
  return Array.from({ length: SAMPLE_DROP_COUNT }, (_, index) => {
    const user = userOf(random, random() < 0.7);
    if (index > 0) time -= intBetween(random, 60, 720) * 60_000;
    return {
      id: index + 1,
      user: user.handle,
      userAvatarUrl: user.avatarUrl,
      content: pick(random, DROP_TEXTS),
      date: new Date(time).toISOString(),
      reactions: intBetween(random, 0, 480),
      media: Array.from({ length: intBetween(random, 1, 3) }, () => sampleImage(random)),
    };
  });
}

let posts: FeedPost[] | undefined;
let drops: DropItem[] | undefined;

/** The 50 sample posts, newest first (generated once, the same on every call). */
export function samplePosts(): FeedPost[] {
  posts ??= generatePosts();
  return posts.slice();
}

/** The 20 sample drops, each with 1 to 3 images. */
export function sampleDrops(): DropItem[] {
  drops ??= generateDrops();
  return drops.slice();
}

function pageOf<T>(items: T[], page: number, pageSize: number): T[] {
  const size = Math.max(1, Math.floor(pageSize));
  const start = (Math.max(1, Math.floor(page)) - 1) * size;
  return items.slice(start, start + size);
}

/** Page `page` (from 1) of the sample posts; fewer than pageSize on the last, then none. */
export function samplePostsPage(page: number, pageSize: number = FEED_PAGE_SIZE): FeedPost[] {
  return pageOf(samplePosts(), page, pageSize);
}

/** Page `page` (from 1) of the sample drops; empty past the last (the carousel restarts). */
export function sampleDropsPage(page: number, pageSize: number = FEED_PAGE_SIZE): DropItem[] {
  return pageOf(sampleDrops(), page, pageSize);
}
