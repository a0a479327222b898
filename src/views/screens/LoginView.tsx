import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { Link } from 'wouter';
import { loginFormStruct } from '../../validation/login';
import type { LoginFormValues } from '../../validation/login';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import styles from './LoginView.module.css';

export interface LoginViewProps {
  /** True while the login call runs: the button reads 'Logging in...' and ignores presses. */
  submitting: boolean;
  /** The machine's error (server messages or 'Error logging in, please try again.'). */
  error: { messages: string[] } | null;
  onSubmit: (values: LoginFormValues) => void;
  onDismissError: () => void;
}

/**
 * The Login screen (spec §2.3, titled 'Welcome Back'): email and password, validated on submit and
 * then on every change (spec §5 Login); the first invalid field gets focus. What was typed stays
 * when the login fails.
 */
export function LoginView({ submitting, error, onSubmit, onDismissError }: LoginViewProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: superstructResolver(loginFormStruct),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((values) => {
    if (!submitting) onSubmit(values);
  });

  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <h1 className={styles.title}>Welcome Back</h1>
        {error ? (
          <Alert
            level="Danger"
            title="Login Error"
            messages={error.messages}
            onDismiss={onDismissError}
            dismissLabel="Dismiss login error"
          />
        ) : null}
        <form className={styles.form} noValidate onSubmit={submit}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            aria-required="true"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            aria-required="true"
            error={errors.password?.message}
            {...register('password')}
          />
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
