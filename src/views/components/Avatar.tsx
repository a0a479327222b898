import { useState } from 'react';
import type { CSSProperties } from 'react';
import { cx } from '../utils/cx';
import styles from './Avatar.module.css';

export interface AvatarProps {
  /** The person's full name: gives the initials and, when `alt` is absent, the image's alt text. */
  name: string;
  /** The picture; initials are shown when empty or when it fails to load. */
  imageUrl?: string | null;
  /** Initials colour and background (the user's avatarColor / avatarBGColor). */
  color?: string | null;
  bgColor?: string | null;
  /** Diameter in pixels. */
  size?: number;
  /** Alternative text; pass '' when the avatar sits in a control that has its own name. */
  alt?: string;
  className?: string;
}

/** The initials an avatar shows when there is no picture: the first and last names' first letters. */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A round user picture, or the user's initials in their colours. */
export function Avatar({ name, imageUrl, color, bgColor, size = 40, alt, className }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;
  const label = alt ?? name;
  const style: CSSProperties = {
    width: size,
    height: size,
    fontSize: Math.max(10, Math.round(size * 0.4)),
    ...(color ? { color } : {}),
    ...(bgColor ? { backgroundColor: bgColor } : {}),
  };
  if (showImage && imageUrl) {
    return (
      <img
        className={cx(styles.avatar, styles.image, className)}
        style={style}
        src={imageUrl}
        alt={label}
        width={size}
        height={size}
        onError={() => setFailedUrl(imageUrl)}
      />
    );
  }
  return (
    <span
      className={cx(styles.avatar, styles.initials, className)}
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    >
      <span aria-hidden="true">{avatarInitials(name)}</span>
    </span>
  );
}
