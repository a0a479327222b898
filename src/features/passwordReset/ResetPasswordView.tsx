import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { Link } from 'wouter';
import {
  createResetPasswordFormStruct,
  resolveMinimumPasswordLength,
} from '../../validation/password';
import type { ResetPasswordFormValues } from '../../validation/password';
import { Alert } from '../../views/components/Alert';
import { ErrorAlert } from '../../views/components/ErrorAlert';
import { Button } from '../../views/components/Button';
import { LinkButton } from '../../views/components/LinkButton';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { FormNewPasswordFields } from '../../views/components/NewPasswordFields';
import styles from '../../views/layouts/AuthScreen.module.css';

/** The reset-password flow's states: check the emailed key, then the form, then done. */
export type ResetPasswordState = 'validating' | 'invalid' | 'ready' | 'submitting' | 'done';

export interface ResetPasswordViewProps {
  state: ResetPasswordState;
  /** The configuration's minimumPasswordLength (6 when missing). */
  minimumPasswordLength: number;
  /**
   * The machine's title and text for an unusable link (state 'invalid': it is invalid, or it
   * could not be checked) or for the updated password (state 'done').
   */
  notice?: { title: string; text: string } | null;
  /** The failed update's messages (e.g. 'Error updating password, please try again.'). */
  error?: { messages: readonly string[] } | null;
  onSubmit: (values: ResetPasswordFormValues) => void;
  onDismissError?: () => void;
}

/**
 * The reset-password screen the emailed link opens (/forgotten-password/{key}): 'Checking your
 * link...' while the key is validated; 'Invalid Link' with a way to ask for a new one; the new
 * password and its confirmation with the live checklist; then 'Password Updated' with a link to
 * log in.
 */
export function ResetPasswordView({
  state,
  minimumPasswordLength,
  notice = null,
  error = null,
  onSubmit,
  onDismissError,
}: ResetPasswordViewProps) {
  const minimumLength = resolveMinimumPasswordLength(minimumPasswordLength);
  const resolver = useMemo(
    () => superstructResolver(createResetPasswordFormStruct(minimumLength)),
    [minimumLength],
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state === 'done') doneRef.current?.focus();
  }, [state]);

  const submitting = state === 'submitting';
  // handleSubmit's promise only carries the validation, whose outcome arrives in the callback:
  // the <form> fires it and forgets it (void).
  const submit = handleSubmit((values) => {
    if (!submitting) onSubmit(values);
  });
  const checklistId = 'reset-password-checklist';

  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        {state === 'validating' ? (
          <>
            <h1 className={styles.title}>Reset Password</h1>
            <LoadingIndicator text="Checking your reset link..." />
          </>
        ) : null}

        {state === 'invalid' ? (
          <>
            <h1 className={styles.title}>Reset Password</h1>
            <Alert
              level="Danger"
              title={notice?.title ?? 'Invalid Link'}
              messages={[
                notice?.text ??
                  'The password reset link is invalid or has expired, please request a new one.',
              ]}
            />
            <LinkButton href="/forgotten-password" fullWidth>
              Request a new link
            </LinkButton>
          </>
        ) : null}

        {state === 'ready' || state === 'submitting' ? (
          <>
            <header className={styles.header}>
              <h1 className={styles.title}>Reset Password</h1>
              <p className={styles.lead}>Choose a new password for your account.</p>
            </header>
            <ErrorAlert
              error={error}
              title="Error Updating Password"
              onDismiss={onDismissError}
              dismissLabel="Dismiss password update error"
            />
            <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
              <FormNewPasswordFields
                passwordLabel="New password"
                register={register}
                control={control}
                passwordError={errors.password?.message}
                confirmError={errors.confirmPassword?.message}
                minimumLength={minimumLength}
                checklistId={checklistId}
              />
              <Button type="submit" size="lg" fullWidth busy={submitting} busyText="Saving...">
                Reset Password
              </Button>
            </form>
          </>
        ) : null}

        {state === 'done' ? (
          <>
            {/* The spec's title once, as the page's heading; the alert says the rest. */}
            <h1 ref={doneRef} tabIndex={-1} className={styles.title}>
              {notice?.title ?? 'Password Updated'}
            </h1>
            <Alert
              level="Success"
              messages={[notice?.text ?? 'Your password has been updated successfully']}
            />
            <LinkButton href="/login" fullWidth>
              Login
            </LinkButton>
          </>
        ) : null}

        {state !== 'done' ? (
          <p className={styles.links}>
            <span>
              <Link href="/login">Back to login</Link>
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
