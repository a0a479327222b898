import { formatDateTime } from '../utils/dateTime';
import { countOf } from '../utils/plural';
import { Button } from './Button';
import styles from './RateLimitNoticeView.module.css';

export interface RateLimitNoticeViewProps {
  /** The servers' messages of the waits going on (each once). */
  messages: readonly string[];
  /** When the last retry is sent, ms since the epoch. */
  retryAt: number;
  /** Now, ms since the epoch (when the notice was drawn). */
  now: number;
  onStop: () => void;
}

export const RATE_LIMIT_NOTICE_TITLE = 'Too many requests';
export const STOP_WAITING_TEXT = 'Stop waiting';

/** 'in 45 seconds' under a minute, else 'at dd/MM/yyyy HH:mm' (spec §9's format). */
export function retryWhenText(retryAt: number, now: number): string {
  const seconds = Math.ceil((retryAt - now) / 1000);
  if (seconds < 60)
    return `in ${countOf(Math.max(seconds, 1), { one: 'second', other: 'seconds' })}`;
  return `at ${formatDateTime(new Date(retryAt).toISOString()) ?? ''}`;
}

/**
 * Shown above every screen while a call waits to be sent again after the server's "too many
 * requests" (spec §7.1: once, after Retry-After). Stop waiting ends the wait: the screen then
 * shows the server's answer as for any refusal.
 */
export function RateLimitNoticeView({ messages, retryAt, now, onStop }: RateLimitNoticeViewProps) {
  return (
    <section className={styles.notice} aria-label={RATE_LIMIT_NOTICE_TITLE}>
      <div className={styles.text}>
        <p className={styles.title}>{RATE_LIMIT_NOTICE_TITLE}</p>
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
        <p>Givedrop will try again {retryWhenText(retryAt, now)}.</p>
      </div>
      <Button size="sm" variant="secondary" onClick={onStop}>
        {STOP_WAITING_TEXT}
      </Button>
    </section>
  );
}
