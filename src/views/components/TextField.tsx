import { useId } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './TextField.module.css';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  /** The visible label, tied to the input with <label for>. */
  label: string;
  /** The validation message; marks the input aria-invalid and is linked with aria-describedby. */
  error?: string | undefined;
  /** A help text under the input, also linked with aria-describedby. */
  hint?: string;
  /** Class for the wrapper. */
  className?: string;
}

/**
 * A labelled text input. Spread react-hook-form's `register(name)` into it: the `ref` prop is
 * passed to the <input> (React 19 passes `ref` as an ordinary prop to function components).
 */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  type = 'text',
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field${generatedId.replace(/:/g, '')}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        {...inputProps}
        id={inputId}
        type={type}
        className={cx(styles.input, error && styles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds || undefined}
      />
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
