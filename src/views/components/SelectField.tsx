import { useId } from 'react';
import type { ComponentPropsWithRef } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './TextField.module.css';
import own from './SelectField.module.css';

export interface SelectFieldOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: string;
  options: readonly SelectFieldOption[];
  error?: string | undefined;
  className?: string;
}

/** A labelled native <select>; spread react-hook-form's `register(name)` into it. */
export function SelectField({
  label,
  options,
  error,
  id,
  className,
  'aria-describedby': describedBy,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? `select${generatedId.replace(/:/g, '')}`;
  const errorId = `${selectId}-error`;
  const describedByIds = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <select
        {...selectProps}
        id={selectId}
        className={cx(styles.input, own.select, error && styles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds || undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
