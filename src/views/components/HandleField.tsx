import { useId } from 'react';
import type { Ref } from 'react';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { HANDLE_MAX } from '../../../contract/identity';
import { signupMessages } from '../../validation/signup';
import { FieldShell, fieldControlClass } from './FieldShell';
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
  const statusId = `${inputId}-status`;
  // The rule is the hint already; an 'invalid' status adds nothing when the form says it too.
  const showRuleAsStatus = status === 'invalid' && !error;

  return (
    <FieldShell
      id={inputId}
      label={label}
      hint={signupMessages.handleRule}
      error={error}
      invalid={Boolean(error) || status === 'notAvailable' || status === 'invalid'}
      alsoDescribedBy={[statusId]}
      className={className}
      after={
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
      }
    >
      {(control) => (
        <div className={styles.inputWrap}>
          <span className={styles.prefix} aria-hidden="true">
            @
          </span>
          <input
            ref={ref}
            {...control}
            name={name}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={HANDLE_MAX}
            className={fieldControlClass(error, styles.input, Boolean(error) && styles.invalid)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        </div>
      )}
    </FieldShell>
  );
}
