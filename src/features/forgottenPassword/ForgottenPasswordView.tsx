import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { Link } from 'wouter';
import { passwordResetRequestStruct } from '../../validation/passwordReset';
import type { PasswordResetRequestValues } from '../../validation/passwordReset';
import { Alert } from '../../views/components/Alert';
import { ErrorAlert } from '../../views/components/ErrorAlert';
import { Button } from '../../views/components/Button';
import { EmailField } from '../../views/components/TextField';
import styles from '../../views/layouts/AuthScreen.module.css';

export interface ForgottenPasswordViewProps {
  /** True while the request runs: the button reads 'Requesting...' and ignores presses. */
  submitting: boolean;
  /** The request was accepted: the success alert replaces the form. */
  succeeded: boolean;
  /** A Warning answer's messages. */
  warning: { messages: readonly string[] } | null;
  /** An Error answer's messages ('Error requesting password reset.' when the server gave none). */
  error: { messages: readonly string[] } | null;
  onSubmit: (values: PasswordResetRequestValues) => void;
  onDismissError?: () => void;
}

/** The success text (spec §8 Password reset). */
export const PASSWORD_RESET_REQUESTED_TEXT =
  'If the email address is valid in our system, an email has been sent to it with a link to ' +
  'reset your password. Please check your spam or junk folder if it does not arrive.';

/**
 * The Forgotten password screen, /forgotten-password (spec §2.3, §4 Password reset request):
 * an email field and 'Request Password Reset'; on success the form is hidden and 'Password Reset
 * Requested' says what happens next; a warning or 'Error Requesting Password' keeps the form and
 * what was typed.
 */
export function ForgottenPasswordView({
  submitting,
  succeeded,
  warning,
  error,
  onSubmit,
  onDismissError,
}: ForgottenPasswordViewProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequestValues>({
    resolver: superstructResolver(passwordResetRequestStruct),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: { email: '' },
  });
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (succeeded) successRef.current?.focus();
  }, [succeeded]);

  // handleSubmit's promise only carries the validation, whose outcome arrives in the callback:
  // the <form> fires it and forgets it (void).
  const submit = handleSubmit((values) => {
    if (!submitting) onSubmit({ email: values.email.trim() });
  });

  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <header className={styles.header}>
          <h1 className={styles.title}>Forgotten Password</h1>
          {succeeded ? null : (
            <p className={styles.lead}>
              Enter the email address of your account and we will send you a link to reset your
              password.
            </p>
          )}
        </header>
        {succeeded ? (
          <div ref={successRef} tabIndex={-1}>
            <Alert
              level="Success"
              title="Password Reset Requested"
              messages={[PASSWORD_RESET_REQUESTED_TEXT]}
            />
          </div>
        ) : (
          <>
            {warning ? <Alert level="Warning" messages={warning.messages} /> : null}
            <ErrorAlert
              error={error}
              title="Error Requesting Password"
              onDismiss={onDismissError}
              dismissLabel="Dismiss password reset error"
            />
            <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
              <EmailField error={errors.email?.message} {...register('email')} />
              <Button type="submit" size="lg" fullWidth busy={submitting} busyText="Requesting...">
                Request Password Reset
              </Button>
            </form>
          </>
        )}
        <p className={styles.links}>
          <span>
            Remembered it? <Link href="/login">Back to login</Link>
          </span>
          <span>
            Don&apos;t have an account? <Link href="/signup">Sign up</Link>
          </span>
        </p>
      </div>
    </div>
  );
}
