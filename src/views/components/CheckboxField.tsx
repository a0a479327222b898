import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './CheckboxField.module.css';

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** The label; may hold links (e.g. to the terms of service). */
  label: ReactNode;
  /** The validation message; marks the box aria-invalid and is linked with aria-describedby. */
  error?: string | undefined;
  className?: string;
}

/**
 * A native checkbox with its label beside it. Spread react-hook-form's `register(name)` into it
 * (the `ref` goes to the <input>, so focusing the first errored field works).
 */
export function CheckboxField({
  label,
  error,
  id,
  className,
  'aria-describedby': describedBy,
  ...inputProps
}: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `checkbox${generatedId.replace(/:/g, '')}`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.row}>
        <input
          {...inputProps}
          id={inputId}
          type="checkbox"
          className={cx(styles.box, error && styles.invalid)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds || undefined}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          <CircleAlert
            aria-hidden="true"
            focusable="false"
            size={16}
            className={styles.errorIcon}
          />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
