import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button';
import styles from './Button.module.css';

export interface LinkButtonProps {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
}

/** The classes that give a link (a plain <a>, e.g. a NewTabLink) a Button's look. */
export function linkButtonClass(variant: ButtonVariant, size: ButtonSize): string {
  return buttonClass(variant, size, false, styles.link);
}

/** A navigation link that looks like a Button (a call to action that goes somewhere). */
export function LinkButton({
  href,
  variant = 'primary',
  size = 'md',
  icon,
  fullWidth = false,
  className,
  children,
}: LinkButtonProps) {
  return (
    <Link href={href} className={buttonClass(variant, size, fullWidth, styles.link, className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.label}>{children}</span>
    </Link>
  );
}
