import { LoaderCircle } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** Icon size in pixels. */
  size?: number;
  className?: string;
}

/** A decorative spinning icon; pair it with visible text or a live region. */
export function Spinner({ size = 20, className }: SpinnerProps) {
  return (
    <LoaderCircle
      aria-hidden="true"
      focusable="false"
      size={size}
      className={cx(styles.spinner, className)}
    />
  );
}
