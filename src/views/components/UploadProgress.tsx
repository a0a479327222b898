import { useId } from 'react';
import { cx } from '../utils/cx';
import styles from './UploadProgress.module.css';

export interface UploadProgressProps {
  /** What is uploading ('Uploading image', 'Uploading photo'): the bar's name. */
  label: string;
  /** Percent, 0-100. */
  percent: number;
  className?: string;
}

/** The live region says the upload's progress in steps of 10 % (the bar itself is exact). */
export function spokenPercent(percent: number): number {
  return Math.min(100, Math.max(0, Math.floor(percent / 10) * 10));
}

/** An upload's progress: a named bar, and a polite live region in steps of 10 %. */
export function UploadProgress({ label, percent, className }: UploadProgressProps) {
  const labelId = `upload${useId()}-label`;
  return (
    <div className={cx(styles.progress, className)}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <progress className={styles.bar} aria-labelledby={labelId} max={100} value={percent}>
        {percent}%
      </progress>
      <p className={styles.text} aria-live="polite">
        {spokenPercent(percent)}% uploaded
      </p>
    </div>
  );
}
