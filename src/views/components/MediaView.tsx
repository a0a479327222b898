import type { MediaFile } from '../../../contract/posts';
import { cx } from '../utils/cx';
import styles from './MediaView.module.css';

export interface MediaViewProps {
  file: MediaFile;
  /** An image's alt text. */
  alt: string;
  /** A video's accessible name. */
  videoLabel: string;
  /** False where a drag across an image is a swipe, not the browser dragging the image away. */
  draggable?: boolean;
  /** Extra look (e.g. a fixed aspect ratio). */
  className?: string;
  /** -1 keeps a video's controls out of the Tab order (a carousel's drops not shown). */
  tabIndex?: number;
}

/**
 * One media file of a post or a drop, with its size reserved (width and height from the file):
 * an image that loads lazily and decodes off the main thread, or a muted, inline video with its
 * controls that loads only its metadata until played.
 */
export function MediaView({
  file,
  alt,
  videoLabel,
  draggable,
  className,
  tabIndex,
}: MediaViewProps) {
  const sized = {
    className: cx(styles.media, className),
    src: file.url,
    width: file.width,
    height: file.height,
  };
  if (file.type === 'video') {
    return (
      <video
        {...sized}
        muted
        playsInline
        controls
        preload="metadata"
        aria-label={videoLabel}
        tabIndex={tabIndex}
      />
    );
  }
  return <img {...sized} loading="lazy" decoding="async" draggable={draggable} alt={alt} />;
}
