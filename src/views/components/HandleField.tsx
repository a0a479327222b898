import { useId } from 'react';
import type { Ref } from 'react';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { HANDLE_MAX } from '../../../contract/identity';
import { signupMessages } from '../../validation/signup';
import { cx } from '../utils/cx';
import { Spinner } from './Spinner';
import styles from './HandleField.module.css';

/**
 * The handle check's states (spec §4 Handle check): empty, checking, then available, not
 * available or error; 'invalid' when the value breaks the handle rule (no call is made).
 */
export type HandleStatus =
  'empty' | 'invalid' | 'checking' | 'available' | 'notAvailable' | 'error';

export interface HandleFieldProps {
  /** Defaults to 'Profile name/handle'. */
  label?: string;
  value: string;
  /** The availability check's state, from the handle-check machine. */
  status: HandleStatus;
  /** The machine's text for status 'error' (e.g. 'Error checking handle availability'). */
  message?: string | null;
  /** The form's message (required / rule) or 'Profile name/handle not available' after a submit. */
  error?: string | undefined;
  /** Every change, with the new value (the machine debounces and checks it). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Goes to the <input> (react-hook-form's Controller ref, so the field can be focused). */
  ref?: Ref<HTMLInputElement>;
  name?: string;
  className?: string;
}

/**
 * The profile handle with its live availability line (spec §5 Handle): input maxlength 20; under
 * it a polite live region reads 'Checking availability...', 'Available', 'Not Available', the
 * handle rule, or the error text. The form's own message shows above the status line.
 */
export function HandleField({
  label = 'Profile name/handle',
  value,
  status,
  message,
  error,
  onChange,
  onBlur,
  ref,
  name,
  className,
}: HandleFieldProps) {
  const inputId = `handle${useId().replace(/:/g, '')}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-status`;
  const describedBy = [hintId, error ? errorId : undefined, statusId].filter(Boolean).join(' ');
  // The rule is the hint already; an 'invalid' status adds nothing when the form says it too.
  const showRuleAsStatus = status === 'invalid' && !error;

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <p id={hintId} className={styles.hint}>
        {signupMessages.handleRule}
      </p>
      <div className={styles.inputWrap}>
        <span className={styles.prefix} aria-hidden="true">
          @
        </span>
        <input
          ref={ref}
          id={inputId}
          name={name}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={HANDLE_MAX}
          className={cx(styles.input, error && styles.invalid)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={
            error || status === 'notAvailable' || status === 'invalid' ? true : undefined
          }
          aria-describedby={describedBy}
        />
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          <CircleAlert aria-hidden="true" focusable="false" size={16} className={styles.icon} />
          <span>{error}</span>
        </p>
      ) : null}
      <div id={statusId} className={styles.status} aria-live="polite" data-status={status}>
        {status === 'checking' ? (
          <span className={styles.checking}>
            <Spinner size={16} />
            <span>Checking availability...</span>
          </span>
        ) : null}
        {status === 'available' ? (
          <span className={styles.available}>
            <CircleCheck aria-hidden="true" focusable="false" size={16} className={styles.icon} />
            <span>Available</span>
          </span>
        ) : null}
        {status === 'notAvailable' ? (
          <span className={styles.unavailable}>
            <CircleX aria-hidden="true" focusable="false" size={16} className={styles.icon} />
            <span>Not Available</span>
          </span>
        ) : null}
        {showRuleAsStatus ? (
          <span className={styles.unavailable}>
            <CircleAlert aria-hidden="true" focusable="false" size={16} className={styles.icon} />
            <span>{signupMessages.handleRule}</span>
          </span>
        ) : null}
        {status === 'error' && message ? (
          <span className={styles.unavailable}>
            <CircleAlert aria-hidden="true" focusable="false" size={16} className={styles.icon} />
            <span>{message}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}
