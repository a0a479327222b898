import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { PostCard, safePostLink } from '../../src/views/components/PostCard';
import { formatDateTime } from '../../src/views/utils/dateTime';
import { splitHashtags } from '../../src/views/utils/hashtags';
import { feedPost } from './samplePosts';

describe('formatDateTime (spec §9: dd/MM/yyyy HH:mm, en-GB)', () => {
  it('formats in the given time zone with a 24-hour clock', () => {
    expect(formatDateTime('2026-11-22T14:05:00.000Z', 'UTC')).toBe('22/11/2026 14:05');
    expect(formatDateTime('2026-07-01T23:30:00.000Z', 'Europe/London')).toBe('02/07/2026 00:30');
    expect(formatDateTime('2026-01-05T00:00:00Z', 'UTC')).toBe('05/01/2026 00:00');
  });

  it('formats half-hour zones and midnight with Intl, west and east of UTC', () => {
    expect(formatDateTime('2026-03-01T04:59:00Z', 'America/New_York')).toBe('28/02/2026 23:59');
    expect(formatDateTime('2026-11-22T18:30:00Z', 'Asia/Kolkata')).toBe('23/11/2026 00:00');
  });

  it("formats in the browser's own zone without Intl, agreeing with Intl in that zone", () => {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const iso of [
      '2026-11-22T14:05:00.000Z',
      '2026-07-01T23:30:00Z',
      '2026-01-01T00:00:00Z',
    ]) {
      expect(formatDateTime(iso)).toBe(formatDateTime(iso, zone === 'UTC' ? 'Etc/UTC' : zone));
    }
  });

  it('answers null for text that is not a date', () => {
    expect(formatDateTime('yesterday', 'UTC')).toBeNull();
  });
});

describe('splitHashtags', () => {
  it('sets hashtags apart from the text around them', () => {
    expect(splitHashtags('Run for #OceanRescue and #kids_2026!')).toEqual([
      { text: 'Run for ', hashtag: false },
      { text: '#OceanRescue', hashtag: true },
      { text: ' and ', hashtag: false },
      { text: '#kids_2026', hashtag: true },
      { text: '!', hashtag: false },
    ]);
  });

  it('leaves numbers, lone # and # inside words alone', () => {
    expect(splitHashtags('Ranked #1 # hash c#sharp').every((p) => !p.hashtag)).toBe(true);
    expect(splitHashtags('#café #日本')).toEqual([
      { text: '#café', hashtag: true },
      { text: ' ', hashtag: false },
      { text: '#日本', hashtag: true },
    ]);
  });
});

describe('PostCard (spec §3 Post display)', () => {
  it("shows the author's handle and avatar, the text, the date and 0 reactions and comments", () => {
    render(
      <PostCard
        post={feedPost(1, { userAvatarUrl: 'https://cdn.example/a.png', message: 'Hello' })}
        timeZone="UTC"
      />,
    );
    const card = screen.getByRole('article', { name: 'Post by @user_1' });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Post by @user_1');
    expect(card.querySelector('img[src="https://cdn.example/a.png"]')).toBeTruthy();
    expect(within(card).getByText('Hello')).toBeTruthy();
    const time = card.querySelector('time');
    expect(time?.textContent).toBe('22/11/2026 14:05');
    expect(time?.getAttribute('datetime')).toBe('2026-11-22T14:05:00.000Z');
    expect(card.querySelector('footer')?.textContent).toBe('0 reactions · 0 comments');
    // Counts, not actions: nothing in them can be pressed.
    expect(card.querySelector('footer button, footer a, footer [role="button"]')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('renders hashtags as text spans set apart, never as HTML', () => {
    const message = 'Join us #GiveDrop <b>bold</b> <img src=x onerror=alert(1)>';
    const { container } = render(<PostCard post={feedPost(1, { message })} timeZone="UTC" />);
    const hashtags = container.querySelectorAll('[data-hashtag]');
    expect(Array.from(hashtags, (h) => h.textContent)).toEqual(['#GiveDrop']);
    expect(hashtags[0]?.tagName).toBe('SPAN');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe(message);
  });

  it('shows an http/https link opened safely in a new tab', () => {
    render(
      <PostCard
        post={feedPost(1, { link: 'https://givedrop.example/drops/7?ref=feed' })}
        timeZone="UTC"
      />,
    );
    const link = screen.getByRole('link', {
      name: 'givedrop.example/drops/7?ref=feed (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe('https://givedrop.example/drops/7?ref=feed');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'ftp://x',
    'not a url',
  ])('does not render the unsafe link %s as a link', (link) => {
    const { container } = render(<PostCard post={feedPost(1, { link })} timeZone="UTC" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(safePostLink(link)).toBeNull();
  });

  it('shows media with explicit sizes: lazy images with alt text, muted inline videos', () => {
    const { container } = render(
      <PostCard
        post={feedPost(2, {
          postFiles: [
            { url: 'https://cdn.example/1.webp', type: 'image', width: 1080, height: 720 },
            { url: 'https://cdn.example/2.mp4', type: 'video', width: 640, height: 360 },
          ],
        })}
        timeZone="UTC"
      />,
    );
    const image = screen.getByRole('img', { name: '1 of 2, shared by @user_2' });
    expect(image.getAttribute('width')).toBe('1080');
    expect(image.getAttribute('height')).toBe('720');
    expect(image.getAttribute('loading')).toBe('lazy');
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('width')).toBe('640');
    expect(video.getAttribute('height')).toBe('360');
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('aria-label')).toBe('Video: 2 of 2, shared by @user_2');
  });

  it('a single image is "Shared by @handle"', () => {
    render(
      <PostCard
        post={feedPost(3, {
          postFiles: [
            { url: 'https://cdn.example/1.webp', type: 'image', width: 800, height: 800 },
          ],
        })}
        timeZone="UTC"
      />,
    );
    expect(screen.getByRole('img', { name: 'Shared by @user_3' })).toBeTruthy();
  });

  it('marks the highlighted (new) post', () => {
    render(<PostCard post={feedPost(1)} highlighted timeZone="UTC" />);
    expect(screen.getByText('New')).toBeTruthy();
  });
});
