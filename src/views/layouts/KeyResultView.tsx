import { useEffect, useRef } from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import { Button } from '../components/Button';
import { LinkButton } from '../components/LinkButton';
import { LoadingIndicator } from '../components/LoadingIndicator';
import styles from './AuthScreen.module.css';

/** A link of the result ('Login' to /login, 'Go to home page' to /, ...). */
export interface KeyResultLink {
  href: string;
  label: string;
}

export interface KeyResultViewProps {
  /** busy while the key is sent; then success or failure. */
  state: 'busy' | 'success' | 'failure';
  /** e.g. 'Activating your account...' */
  busyText: string;
  /** 'Account Activated' / 'Email Address Confirmed'. */
  successTitle: string;
  /** The server's message, or a text of the caller's. */
  successText?: string;
  successLink: KeyResultLink;
  /** 'Error Activating Account' / 'Error Confirming Email Address'. */
  failureTitle: string;
  /** e.g. 'The activation link is invalid or has expired, please try again'. */
  failureText: string;
  failureLink?: KeyResultLink;
  /** Offered on a failure that may pass on a second try (the call failed, not the key). */
  onRetry?: () => void;
}

/**
 * The result of an emailed key (spec §2.3 Activation /activate/{key} and email confirmation
 * /account/confirm-email/{key}): a busy line while the call runs, then a success or failure
 * title with its text and a way on. All texts come from the machine; the title takes focus so
 * the outcome is announced.
 */
export function KeyResultView({
  state,
  busyText,
  successTitle,
  successText,
  successLink,
  failureTitle,
  failureText,
  failureLink,
  onRetry,
}: KeyResultViewProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state !== 'busy') titleRef.current?.focus();
  }, [state]);

  if (state === 'busy') {
    return (
      <div className={styles.screen}>
        <div className={styles.card}>
          <LoadingIndicator text={busyText} variant="page" />
        </div>
      </div>
    );
  }
  const success = state === 'success';
  const Icon = success ? CircleCheck : CircleX;
  const link = success ? successLink : failureLink;
  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <div className={styles.result} data-result={state}>
          <span className={success ? styles.resultIcon : styles.resultIconDanger}>
            <Icon aria-hidden="true" focusable="false" size={32} />
          </span>
          <h1 ref={titleRef} tabIndex={-1} className={styles.title}>
            {success ? successTitle : failureTitle}
          </h1>
          {success ? successText ? <p>{successText}</p> : null : <p>{failureText}</p>}
          {!success && onRetry ? (
            <Button fullWidth onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          {link ? (
            <LinkButton
              href={link.href}
              fullWidth
              variant={!success && onRetry ? 'secondary' : undefined}
            >
              {link.label}
            </LinkButton>
          ) : null}
        </div>
      </div>
    </div>
  );
}
