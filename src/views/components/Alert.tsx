import { useId } from 'react';
import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './Alert.module.css';

/** The spec's alert levels (§3 Enumerations). */
export type AlertLevel = 'Info' | 'Warning' | 'Danger' | 'Success';

export interface AlertProps {
  level: AlertLevel;
  title?: string;
  /** Messages shown as a list (one message is shown as a paragraph). */
  messages?: readonly string[];
  /** Extra content under the messages (e.g. a link). */
  children?: ReactNode;
  /** When given, a dismiss button (accessible name `dismissLabel`) calls it. */
  onDismiss?: () => void;
  dismissLabel?: string;
  className?: string;
}

const icons = {
  Info,
  Warning: TriangleAlert,
  Danger: CircleAlert,
  Success: CircleCheck,
} as const;

/**
 * A message box. Danger and Warning are assertive (role="alert"); Info and Success are polite
 * (role="status"). Colour is never the only signal: each level has its own icon.
 */
export function Alert({
  level,
  title,
  messages = [],
  children,
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
}: AlertProps) {
  const titleId = useId();
  const Icon = icons[level];
  const role = level === 'Danger' || level === 'Warning' ? 'alert' : 'status';
  return (
    <div
      role={role}
      aria-labelledby={title ? titleId : undefined}
      className={cx(styles.alert, styles[level.toLowerCase()], className)}
      data-level={level}
    >
      <Icon aria-hidden="true" focusable="false" size={20} className={styles.icon} />
      <div className={styles.body}>
        {title ? (
          <p id={titleId} className={styles.title}>
            {title}
          </p>
        ) : null}
        {messages.length === 1 ? <p className={styles.message}>{messages[0]}</p> : null}
        {messages.length > 1 ? (
          <ul className={styles.list}>
            {messages.map((message, index) => (
              <li key={`${index}-${message}`}>{message}</li>
            ))}
          </ul>
        ) : null}
        {children}
      </div>
      {onDismiss ? (
        <button
          type="button"
          className={styles.dismiss}
          onClick={onDismiss}
          aria-label={dismissLabel}
        >
          <X aria-hidden="true" focusable="false" size={18} />
        </button>
      ) : null}
    </div>
  );
}
