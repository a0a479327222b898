/** The sample drops and posts for signed-out visitors: deterministic, local, valid. */
import { describe, expect, it, vi } from 'vitest';
import { is } from 'superstruct';
import { DropItem, FeedPost, isValidPostLink, POST_MESSAGE_MAX } from '../../contract/posts';
import { mulberry32 } from '../../contract/random';
import {
  SAMPLE_EPOCH,
  sampleDrops,
  sampleDropsPage,
  samplePosts,
  samplePostsPage,
} from '../../src/services/sampleContent';

const posts = samplePosts();
const drops = sampleDrops();
const HANDLE = /^(?!_)(?!.*__)(?!.*_$)[A-Za-z0-9_]{4,20}$/;
const epoch = Date.parse(SAMPLE_EPOCH);
const DAY = 24 * 60 * 60 * 1000;

/** The width and height attributes of an SVG data URL's root element. */
function svgSize(url: string): { width: number; height: number } {
  expect(url.startsWith('data:image/svg+xml,')).toBe(true);
  const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
  const root = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg);
  if (!root) throw new Error(`not an svg with a size: ${svg.slice(0, 80)}`);
  return { width: Number(root[1]), height: Number(root[2]) };
}

describe('determinism', () => {
  it('mulberry32 gives the same sequence for a seed, another for another seed', () => {
    const take = (seed: number) => {
      const random = mulberry32(seed);
      return Array.from({ length: 5 }, () => random());
    };
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
    for (const value of take(7)) expect(value >= 0 && value < 1).toBe(true);
  });

  it('the same posts and drops on every call and in a fresh module', async () => {
    expect(samplePosts()).toEqual(posts);
    expect(sampleDrops()).toEqual(drops);
    vi.resetModules();
    const fresh = await import('../../src/services/sampleContent');
    expect(fresh.samplePosts()).toEqual(posts);
    expect(fresh.sampleDrops()).toEqual(drops);
  });

  it('a caller changing the list it got does not change the next one', () => {
    const mine = samplePosts();
    mine.length = 0;
    expect(samplePosts()).toHaveLength(50);
    const mineDrops = sampleDrops();
    mineDrops.reverse();
    expect(sampleDrops()).toEqual(drops);
  });
});

describe('50 sample posts', () => {
  it('50 posts that match the contract, with unique ids and guids', () => {
    expect(posts).toHaveLength(50);
    for (const post of posts) expect(is(post, FeedPost)).toBe(true);
    expect(new Set(posts.map((p) => p.id)).size).toBe(50);
    expect(new Set(posts.map((p) => p.guid)).size).toBe(50);
    for (const post of posts) {
      expect(post.guid).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it('valid handles, several authors, avatars as local SVG data URLs', () => {
    for (const post of posts) {
      expect(post.userHandle).toMatch(HANDLE);
      svgSize(post.userAvatarUrl);
    }
    expect(new Set(posts.map((p) => p.userHandle)).size).toBeGreaterThan(10);
  });

  it('messages within 280 characters; some with #hashtags', () => {
    for (const post of posts) {
      expect(post.message.trim()).not.toBe('');
      expect(post.message.length).toBeLessThanOrEqual(POST_MESSAGE_MAX);
    }
    const tagged = posts.filter((p) => /(^|\s)#[a-z]+/.test(p.message));
    expect(tagged.length).toBeGreaterThan(5);
    expect(tagged.length).toBeLessThan(50);
  });

  it('every link is empty or http/https; some are set, both schemes appear', () => {
    for (const post of posts) {
      expect(isValidPostLink(post.link)).toBe(true);
      if (post.link !== '') expect(new URL(post.link).protocol).toMatch(/^https?:$/);
    }
    const links = posts.map((p) => p.link).filter((l) => l !== '');
    expect(links.length).toBeGreaterThan(5);
    expect(links.some((l) => l.startsWith('https://'))).toBe(true);
    expect(links.some((l) => l.startsWith('http://'))).toBe(true);
  });

  it('some posts have an image: an SVG data URL whose size is the one given', () => {
    const withImages = posts.filter((p) => p.postFiles.length > 0);
    expect(withImages.length).toBeGreaterThan(5);
    expect(withImages.length).toBeLessThan(50);
    for (const post of posts) {
      expect(post.postFileUrls).toEqual(post.postFiles.map((f) => f.url));
      for (const file of post.postFiles) {
        expect(file.type).toBe('image');
        expect(svgSize(file.url)).toEqual({ width: file.width, height: file.height });
      }
    }
  });

  it('published newest first, over the recent days before the fixed epoch', () => {
    const times = posts.map((p) => Date.parse(p.publishedDate));
    expect(times[0]).toBe(epoch);
    for (let i = 1; i < times.length; i += 1) {
      expect(times[i]).toBeLessThan(times[i - 1] ?? 0);
    }
    expect(epoch - (times.at(-1) ?? 0)).toBeGreaterThan(DAY);
    expect(epoch - (times.at(-1) ?? 0)).toBeLessThan(30 * DAY);
  });
});

describe('20 sample drops', () => {
  it('20 drops that match the contract, unique ids, 1 to 3 images each', () => {
    expect(drops).toHaveLength(20);
    expect(new Set(drops.map((d) => d.id)).size).toBe(20);
    for (const drop of drops) {
      expect(is(drop, DropItem)).toBe(true);
      expect(drop.user).toMatch(HANDLE);
      expect(drop.content.trim()).not.toBe('');
      svgSize(drop.userAvatarUrl);
      expect(drop.media.length).toBeGreaterThanOrEqual(1);
      expect(drop.media.length).toBeLessThanOrEqual(3);
      for (const file of drop.media) {
        expect(file.type).toBe('image');
        expect(svgSize(file.url)).toEqual({ width: file.width, height: file.height });
      }
    }
    expect(new Set(drops.map((d) => d.media.length)).size).toBeGreaterThan(1);
    const times = drops.map((d) => Date.parse(d.date));
    expect(times.every((t) => t <= epoch && t > epoch - 30 * DAY)).toBe(true);
  });
});

describe('pages', () => {
  it('posts: pages of 20 by default, 10 on the last, then none', () => {
    expect(samplePostsPage(1)).toEqual(posts.slice(0, 20));
    expect(samplePostsPage(2, 20)).toEqual(posts.slice(20, 40));
    expect(samplePostsPage(3, 20)).toEqual(posts.slice(40, 50));
    expect(samplePostsPage(4, 20)).toEqual([]);
    expect(samplePostsPage(2, 7)).toEqual(posts.slice(7, 14));
    expect(samplePostsPage(1, 999)).toEqual(posts);
  });

  it('drops: one full page of 20, then an empty page (the carousel restarts)', () => {
    expect(sampleDropsPage(1)).toEqual(drops);
    expect(sampleDropsPage(2)).toEqual([]);
    expect(sampleDropsPage(2, 15)).toEqual(drops.slice(15));
  });

  it('a page number below 1 is page 1', () => {
    expect(samplePostsPage(0, 20)).toEqual(posts.slice(0, 20));
    expect(sampleDropsPage(-3, 5)).toEqual(drops.slice(0, 5));
  });
});
