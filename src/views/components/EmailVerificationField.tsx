import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import { CircleCheck } from 'lucide-react';
import { EMAIL_MAX, VERIFICATION_CODE_MAX } from '../../../contract/identity';
import { verificationCodeError, verificationEmailError } from '../../validation/emailVerification';
import { cx } from '../utils/cx';
import { Button } from './Button';
import { FieldError, FieldShell, fieldControlClass } from './FieldShell';
import styles from './EmailVerificationField.module.css';

/**
 * The email verification widget's states (spec §4): enter the email, request a code, enter the
 * code, verify it, verified.
 */
export type EmailVerificationState =
  'entering' | 'requesting' | 'awaitingCode' | 'verifying' | 'verified';

/** What a parent form can do with the widget (e.g. focus it when it is the first error). */
export interface EmailVerificationFieldHandle {
  /** Focuses the input that needs attention: the email, the code, or the verified address. */
  focus: () => void;
}

export interface EmailVerificationFieldProps {
  /** Defaults to 'Email'. */
  label?: string;
  state: EmailVerificationState;
  /** The machine's address (the one a code was sent to, or the verified one). */
  email: string;
  /** The machine's messages (failed request or verification, server messages). */
  errorMessages?: readonly string[];
  /**
   * Show '(re-send)' outside 'awaitingCode' too: the machine sets it when the server message
   * calls for a new code ('Too many failed attempts...', 'Invalid or expired verification code.').
   */
  showResend?: boolean;
  /** The parent form's message for this field (e.g. 'Please verify your email address.'). */
  error?: string | undefined;
  /** 'Verify' pressed with a valid address: send it a code. */
  onRequestCode: (email: string) => void;
  /** 'Verify Code' pressed with a code. */
  onSubmitCode: (code: string) => void;
  /** '(re-send)': send a new code to the same address. */
  onResend: () => void;
  /** '(change email)': start again with another address. */
  onChangeEmail: () => void;
  /**
   * Every change of the address as typed, when the parent form must know it before a code is
   * requested (Personal Details: a typed new address is not saved until it is verified).
   */
  onEmailInput?: (email: string) => void;
  ref?: Ref<EmailVerificationFieldHandle>;
  className?: string;
}

/**
 * The email verification box (spec §2.3 shared widgets, §4, §5): an email input with a 'Verify'
 * button that sends a code; then a code input with 'Verify Code', '(re-send)' and
 * '(change email)'; once verified the address is read-only with '(change email)'. It sits inside
 * other forms, so its buttons are type="button" and Enter in its inputs does its own action
 * rather than submitting the form. Busy states, texts and errors come from the machine.
 */
export function EmailVerificationField({
  label = 'Email',
  state,
  email,
  errorMessages = [],
  showResend = false,
  error,
  onRequestCode,
  onSubmitCode,
  onResend,
  onChangeEmail,
  onEmailInput,
  ref,
  className,
}: EmailVerificationFieldProps) {
  const baseId = `emailVerification${useId().replace(/:/g, '')}`;
  const emailId = `${baseId}-email`;
  const codeId = `${baseId}-code`;
  const rootRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const [draft, setDraft] = useState(email);
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  // Follow the machine: a new address replaces the draft; leaving code entry clears the code.
  const [seen, setSeen] = useState({ email, state });
  if (seen.email !== email || seen.state !== state) {
    if (seen.email !== email) setDraft(email);
    const codeShown = state === 'awaitingCode' || state === 'verifying';
    const wasShown = seen.state === 'awaitingCode' || seen.state === 'verifying';
    if (codeShown !== wasShown) {
      setCode('');
      setCodeError(null);
    }
    if (state !== 'entering') setEmailError(null);
    setSeen({ email, state });
  }

  const editing = state === 'entering' || state === 'requesting';
  const codeShown = state === 'awaitingCode' || state === 'verifying';
  const verified = state === 'verified';

  const focus = () => {
    if (codeShown) codeRef.current?.focus();
    else emailRef.current?.focus();
  };
  useImperativeHandle(ref, () => ({ focus }));

  // Move focus with the flow, but only when it is in the widget (or nowhere): never steal it.
  const previousState = useRef(state);
  useEffect(() => {
    const before = previousState.current;
    previousState.current = state;
    if (before === state) return;
    const active = document.activeElement;
    const inWidget =
      active === null || active === document.body || !!rootRef.current?.contains(active);
    if (!inWidget) return;
    if (state === 'awaitingCode' && before === 'requesting') codeRef.current?.focus();
    else if (state === 'verified') emailRef.current?.focus();
    else if (state === 'entering' && before !== 'requesting') emailRef.current?.focus();
  }, [state]);

  const requestCode = () => {
    if (state !== 'entering') return;
    const message = verificationEmailError(draft);
    setEmailError(message);
    if (message) {
      emailRef.current?.focus();
      return;
    }
    onRequestCode(draft.trim());
  };

  const submitCode = () => {
    if (state !== 'awaitingCode') return;
    const message = verificationCodeError(code);
    setCodeError(message);
    if (message) {
      codeRef.current?.focus();
      return;
    }
    onSubmitCode(code.trim());
  };

  const onEnter = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      action();
    }
  };

  const machineErrorId = `${baseId}-messages`;
  const formErrorId = `${baseId}-form-error`;
  const statusId = `${baseId}-status`;
  const hasMachineErrors = errorMessages.length > 0;
  const resendShown = state === 'awaitingCode' || (showResend && state === 'entering');
  const changeShown = state === 'awaitingCode' || verified;
  const emailInvalid = Boolean(emailError || error || (hasMachineErrors && editing));

  return (
    <div ref={rootRef} className={cx(styles.widget, className)} data-state={state}>
      <FieldShell
        id={emailId}
        label={label}
        error={emailError}
        invalid={emailInvalid}
        alsoDescribedBy={[
          error && formErrorId,
          hasMachineErrors && !codeShown && machineErrorId,
          verified && statusId,
        ]}
      >
        {(control) => (
          <div className={styles.row}>
            <input
              ref={emailRef}
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              maxLength={EMAIL_MAX}
              className={fieldControlClass(
                emailInvalid,
                styles.input,
                verified && !emailInvalid && styles.verified,
              )}
              value={editing ? draft : email}
              readOnly={!editing || state === 'requesting'}
              aria-required="true"
              onChange={(event) => {
                setDraft(event.target.value);
                onEmailInput?.(event.target.value);
                if (emailError) setEmailError(verificationEmailError(event.target.value));
              }}
              onKeyDown={onEnter(requestCode)}
            />
            {editing ? (
              <Button
                className={styles.action}
                variant="secondary"
                busy={state === 'requesting'}
                busyText="Sending..."
                onClick={requestCode}
              >
                Verify
              </Button>
            ) : null}
          </div>
        )}
      </FieldShell>

      <div id={statusId} className={styles.status} aria-live="polite">
        {codeShown ? (
          <span>
            A verification code was sent to <strong>{email}</strong>.
          </span>
        ) : null}
        {verified ? (
          <span className={styles.verifiedText}>
            <CircleCheck aria-hidden="true" focusable="false" size={16} className={styles.icon} />
            <span>Verified</span>
          </span>
        ) : null}
      </div>

      {codeShown ? (
        <FieldShell
          id={codeId}
          label="Verification code"
          error={codeError}
          invalid={Boolean(codeError) || hasMachineErrors}
          describedBy={statusId}
          alsoDescribedBy={[hasMachineErrors && machineErrorId]}
          className={styles.codeBlock}
        >
          {(control) => (
            <div className={styles.row}>
              <input
                ref={codeRef}
                {...control}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                data-private
                spellCheck={false}
                maxLength={VERIFICATION_CODE_MAX}
                className={fieldControlClass(Boolean(codeError) || hasMachineErrors, styles.input)}
                value={code}
                readOnly={state === 'verifying'}
                aria-required="true"
                onChange={(event) => {
                  setCode(event.target.value);
                  if (codeError) setCodeError(verificationCodeError(event.target.value));
                }}
                onKeyDown={onEnter(submitCode)}
              />
              <Button
                className={styles.action}
                busy={state === 'verifying'}
                busyText="Verifying..."
                onClick={submitCode}
              >
                Verify Code
              </Button>
            </div>
          )}
        </FieldShell>
      ) : null}

      {hasMachineErrors ? (
        <FieldError id={machineErrorId} role="alert">
          {errorMessages.length === 1 ? (
            errorMessages[0]
          ) : (
            <ul className={styles.messages}>
              {errorMessages.map((message, index) => (
                <li key={`${index}-${message}`}>{message}</li>
              ))}
            </ul>
          )}
        </FieldError>
      ) : null}

      {error ? <FieldError id={formErrorId}>{error}</FieldError> : null}

      {resendShown || changeShown ? (
        <div className={styles.links}>
          {resendShown ? (
            <button type="button" className={styles.linkButton} onClick={onResend}>
              (re-send)
            </button>
          ) : null}
          {changeShown ? (
            <button type="button" className={styles.linkButton} onClick={onChangeEmail}>
              (change email)
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
