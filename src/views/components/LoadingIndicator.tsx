import { cx } from '../utils/cx';
import { Spinner } from './Spinner';
import styles from './LoadingIndicator.module.css';

const DEFAULT_LOADING_TEXT = 'Loading, please wait...';

export interface LoadingIndicatorProps {
  /** The visible (and announced) text; defaults to 'Loading, please wait...'. */
  text?: string;
  /** 'inline' sits in the flow; 'page' centres itself in the space it is given. */
  variant?: 'inline' | 'page';
  className?: string;
}

/** A spinner with a text, in a polite live region (role="status"). */
export function LoadingIndicator({
  text = DEFAULT_LOADING_TEXT,
  variant = 'inline',
  className,
}: LoadingIndicatorProps) {
  return (
    <div
      role="status"
      className={cx(styles.indicator, variant === 'page' && styles.page, className)}
    >
      <Spinner size={variant === 'page' ? 32 : 20} className={styles.spinner} />
      <span className={styles.text}>{text}</span>
    </div>
  );
}
