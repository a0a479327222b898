import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { ChevronDown, Mail } from 'lucide-react';
import { Link } from 'wouter';
import { loginFormStruct } from '../../validation/login';
import type { LoginFormValues } from '../../validation/login';
import { ErrorAlert } from '../../views/components/ErrorAlert';
import { Button } from '../../views/components/Button';
import { CurrentPasswordField, EmailField } from '../../views/components/TextField';
import { ThirdPartyButton } from '../../views/components/ThirdPartyButton';
import { cx } from '../../views/utils/cx';
import auth from '../../views/layouts/AuthScreen.module.css';
import styles from './LoginView.module.css';

export interface LoginViewProps {
  /** True while the login call runs: the button reads 'Logging in...' and ignores presses. */
  submitting: boolean;
  /** The machine's error (server messages or 'Error logging in, please try again.'). */
  error: { messages: string[] } | null;
  onSubmit: (values: LoginFormValues) => void;
  onDismissError: () => void;
  /** 'Login with Google': shown when given (the third-party sign-in machine's start event). */
  onThirdPartyLogin?: () => void;
  /** True while the provider's popup and the call run. */
  thirdPartyBusy?: boolean;
  /** The third-party sign-in's error ('Error logging in with google.', 'Google login failed: ...'). */
  thirdPartyError?: { messages: readonly string[] } | null;
  onDismissThirdPartyError?: () => void;
  /** Open the email form at first (it starts hidden behind 'Login with Email'). */
  initialEmailFormOpen?: boolean;
}

/**
 * The Login screen (spec §2.3, titled 'Welcome Back'): the third-party option, then a 'Login with
 * Email' toggle (a disclosure button) that reveals the email and password form. The form is
 * validated on submit and then on every change (spec §5 Login); the first invalid field gets
 * focus. What was typed stays when the login fails, and the form stays open once opened.
 */
export function LoginView({
  submitting,
  error,
  onSubmit,
  onDismissError,
  onThirdPartyLogin,
  thirdPartyBusy = false,
  thirdPartyError = null,
  onDismissThirdPartyError,
  initialEmailFormOpen = false,
}: LoginViewProps) {
  const [emailFormOpen, setEmailFormOpen] = useState(initialEmailFormOpen || error !== null);
  const [openedByToggle, setOpenedByToggle] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: superstructResolver(loginFormStruct),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: { email: '', password: '' },
  });
  // Opening the form with the toggle moves focus to its first field.
  useEffect(() => {
    if (emailFormOpen && openedByToggle) setFocus('email');
  }, [emailFormOpen, openedByToggle, setFocus]);

  const toggle = () => {
    setOpenedByToggle(!emailFormOpen);
    setEmailFormOpen(!emailFormOpen);
  };
  const formId = 'login-email-form';

  // handleSubmit's promise only carries the validation, whose outcome arrives in the callback:
  // the <form> fires it and forgets it (void).
  const submit = handleSubmit((values) => {
    if (!submitting) onSubmit(values);
  });

  return (
    <div className={auth.screen}>
      <div className={auth.card}>
        <h1 className={styles.title}>Welcome Back</h1>
        <ErrorAlert
          error={error}
          title="Login Error"
          onDismiss={onDismissError}
          dismissLabel="Dismiss login error"
        />
        <ErrorAlert
          error={thirdPartyError}
          title="Login Error"
          onDismiss={onDismissThirdPartyError}
          dismissLabel="Dismiss third-party login error"
        />
        {onThirdPartyLogin ? (
          <>
            <ThirdPartyButton
              label="Login with Google"
              busy={thirdPartyBusy}
              busyText="Logging in..."
              onClick={onThirdPartyLogin}
            />
            <p className={auth.divider}>or</p>
          </>
        ) : null}
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={emailFormOpen}
          aria-controls={formId}
          onClick={toggle}
        >
          <Mail aria-hidden="true" focusable="false" size={20} />
          <span>Login with Email</span>
          <ChevronDown
            aria-hidden="true"
            focusable="false"
            size={20}
            className={cx(styles.chevron, emailFormOpen && styles.chevronOpen)}
          />
        </button>
        <form
          id={formId}
          className={cx(auth.form, styles.form)}
          noValidate
          onSubmit={(event) => void submit(event)}
          hidden={!emailFormOpen}
        >
          <EmailField error={errors.email?.message} {...register('email')} />
          <CurrentPasswordField error={errors.password?.message} {...register('password')} />
          <div className={styles.forgotten}>
            <Link href="/forgotten-password">Forgot your password?</Link>
          </div>
          <Button type="submit" size="lg" fullWidth busy={submitting} busyText="Logging in...">
            Login
          </Button>
        </form>
        <p className={styles.signup}>
          Don&apos;t have an account? <Link href="/signup">Sign up</Link>
        </p>
      </div>
    </div>
  );
}
