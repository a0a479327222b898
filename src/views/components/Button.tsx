import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { cx } from '../utils/cx';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While busy the button shows a spinner and `busyText`, is aria-disabled and ignores clicks. */
  busy?: boolean;
  /** The label shown while busy (e.g. 'Logging in...'); the normal label when absent. */
  busyText?: string;
  /** An icon (lucide-react element) before the label. */
  icon?: ReactNode;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
  children: ReactNode;
}

/** The classes of a Button's look (shared with LinkButton), then any extra ones in order. */
export function buttonClass(
  variant: ButtonVariant,
  size: ButtonSize,
  fullWidth: boolean,
  ...extra: Array<string | false | undefined>
): string {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, ...extra);
}

/**
 * The one button of the design system. Busy buttons stay focusable (aria-disabled instead of
 * disabled) so keyboard focus is not lost while a request runs; the label sits in a polite live
 * region so the busy text is announced.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  busyText,
  icon,
  fullWidth = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, size, fullWidth, busy && styles.busy, className)}
      aria-disabled={busy ? true : rest['aria-disabled']}
      aria-busy={busy || undefined}
      onClick={handleClick}
    >
      {busy ? (
        <Spinner size={size === 'sm' ? 16 : 18} />
      ) : icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.label} aria-live="polite">
        {busy && busyText ? busyText : children}
      </span>
    </button>
  );
}
