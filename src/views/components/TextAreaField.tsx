import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './TextField.module.css';
import own from './TextAreaField.module.css';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  /** The visible label, tied to the textarea with <label for>. */
  label: string;
  /** The validation message; marks the textarea aria-invalid and is linked with aria-describedby. */
  error?: string | undefined;
  /** A line under the textarea (e.g. a live character counter), linked with aria-describedby. */
  footer?: ReactNode;
  className?: string;
}

/** A labelled multi-line text input; spread react-hook-form's `register(name)` into it. */
export function TextAreaField({
  label,
  error,
  footer,
  id,
  className,
  'aria-describedby': describedBy,
  ...textareaProps
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `textarea${generatedId.replace(/:/g, '')}`;
  const footerId = `${inputId}-footer`;
  const errorId = `${inputId}-error`;
  const describedByIds = [describedBy, footer ? footerId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={inputId}
        className={cx(styles.input, own.textarea, error && styles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds || undefined}
      />
      {footer ? (
        <div id={footerId} className={own.footer}>
          {footer}
        </div>
      ) : null}
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
