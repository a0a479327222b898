import { memo, useId } from 'react';
import type { Ref } from 'react';
import { ExternalLink } from 'lucide-react';
import type { FeedPost } from '../../../contract/posts';
import { isValidPostLink } from '../../../contract/posts';
import { Avatar } from '../components/Avatar';
import { MediaView } from './MediaView';
import { formatDateTime } from '../utils/dateTime';
import { splitHashtags } from '../utils/hashtags';
import { cx } from '../utils/cx';
import styles from './PostCard.module.css';

export interface PostCardProps {
  post: FeedPost;
  /** The feed pattern's position (1-based) and size (-1 while more may load). */
  posInSet?: number;
  setSize?: number;
  /** The post just created (`/feed?new={guid}`): marked as new. */
  highlighted?: boolean;
  /** IANA time zone of the shown date; the browser's when absent (tests pin it). */
  timeZone?: string;
  /** The card is a feed article: focusable, so Page Up / Page Down can move between cards. */
  focusable?: boolean;
  ref?: Ref<HTMLElement>;
}

/** The link of a post when it is a safe absolute http/https URL; null otherwise. */
export function safePostLink(link: string): string | null {
  const trimmed = link.trim();
  return trimmed !== '' && isValidPostLink(trimmed) ? trimmed : null;
}

/** Names a post's media: 'Shared by @ann', or '2 of 3, shared by @ann' when there are several. */
function sharedBy(handle: string, index: number, count: number): string {
  return `${count > 1 ? `${index + 1} of ${count}, shared` : 'Shared'} by @${handle}`;
}

function linkLabel(href: string): string {
  const url = new URL(href);
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.host}${path}${url.search}`;
}

/**
 * One post (spec §3 Post display): the author's avatar and handle, the text with its hashtags set
 * apart (text spans, never HTML), the link only when it is http/https (opened in a new tab without
 * opener or referrer), the media with their sizes reserved (images load lazily), the published
 * date as dd/MM/yyyy HH:mm, and reactions and comments shown as 0.
 */
export const PostCard = memo(function PostCard({
  post,
  posInSet,
  setSize,
  highlighted = false,
  timeZone,
  focusable = false,
  ref,
}: PostCardProps) {
  const id = useId().replace(/:/g, '');
  const authorId = `post${id}-author`;
  const textId = `post${id}-text`;
  const href = safePostLink(post.link);
  const date = formatDateTime(post.publishedDate, timeZone);
  const files = post.postFiles;
  return (
    <article
      ref={ref}
      className={cx(styles.card, highlighted && styles.highlighted)}
      aria-labelledby={authorId}
      aria-describedby={post.message ? textId : undefined}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      // The WAI-ARIA feed pattern makes each article focusable (tabindex 0).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={focusable ? 0 : undefined}
      data-guid={post.guid}
    >
      <header className={styles.header}>
        <Avatar name={post.userHandle} imageUrl={post.userAvatarUrl} size={40} alt="" />
        <div className={styles.byline}>
          <h3 id={authorId} className={styles.author}>
            <span className="visually-hidden">Post by</span> @{post.userHandle}
          </h3>
          {date ? (
            <time className={styles.date} dateTime={post.publishedDate}>
              {date}
            </time>
          ) : null}
        </div>
        {highlighted ? <span className={styles.newBadge}>New</span> : null}
      </header>
      {post.message ? (
        <p id={textId} className={styles.text}>
          {splitHashtags(post.message).map((piece, index) =>
            piece.hashtag ? (
              <span key={index} className={styles.hashtag} data-hashtag="">
                {piece.text}
              </span>
            ) : (
              <span key={index}>{piece.text}</span>
            ),
          )}
        </p>
      ) : null}
      {href ? (
        <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" focusable="false" size={16} />
          <span className={styles.linkText}>{linkLabel(href)}</span>{' '}
          <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      ) : null}
      {files.length > 0 ? (
        <div className={cx(styles.mediaList, files.length > 1 && styles.mediaGrid)}>
          {files.map((file, index) => {
            const shared = sharedBy(post.userHandle, index, files.length);
            return (
              <MediaView
                key={`${index}-${file.url}`}
                file={file}
                alt={shared}
                videoLabel={`Video: ${shared}`}
              />
            );
          })}
        </div>
      ) : null}
      {/* Counts, not actions: plain text (nothing here can be pressed). */}
      <footer className={styles.stats}>0 reactions · 0 comments</footer>
    </article>
  );
});

/**
 * A post still loading (the feed's first page): the card's boxes with blank text, so the first
 * screen has its shape before the posts arrive. Hidden from assistive technology (the feed is
 * aria-busy and says it is loading).
 */
export function PostCardSkeleton() {
  return (
    <div className={cx(styles.card, styles.skeleton)} aria-hidden="true">
      <div className={styles.header}>
        <span className={styles.skeletonAvatar} />
        <div className={styles.byline}>
          <span className={cx(styles.author, styles.skeletonText)}>{'\u00a0'}</span>
          <span className={cx(styles.date, styles.skeletonText)}>{'\u00a0'}</span>
        </div>
      </div>
      <p className={cx(styles.text, styles.skeletonText, styles.skeletonWide)}>{'\u00a0'}</p>
      <div className={styles.skeletonMedia} />
      <p className={cx(styles.stats, styles.skeletonText)}>{'\u00a0'}</p>
    </div>
  );
}
