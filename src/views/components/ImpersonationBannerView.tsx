import { Button } from './Button';
import styles from './ImpersonationBannerView.module.css';

export interface ImpersonationBannerViewProps {
  /** The person the host is viewing the product as. */
  userName: string;
  /** The host who impersonates. */
  hostName: string;
  /** Stop was pressed; the host's own session is on its way. */
  stopping: boolean;
  onStop: () => void;
}

export const impersonationBannerText = (userName: string) =>
  `You are viewing Givedrop as ${userName}`;

/**
 * Shown above every screen while a host impersonates a user (auth/impersonate), with a Stop
 * button back to the host's own session. A landmark of its own, so a screen reader finds it.
 */
export function ImpersonationBannerView({
  userName,
  hostName,
  stopping,
  onStop,
}: ImpersonationBannerViewProps) {
  return (
    <section className={styles.banner} aria-label="Impersonation">
      <p className={styles.text}>
        <strong>{impersonationBannerText(userName)}</strong>
        <span className={styles.host}> (signed in as {hostName})</span>
      </p>
      <Button size="sm" variant="secondary" busy={stopping} busyText="Stopping..." onClick={onStop}>
        Stop impersonating
      </Button>
    </section>
  );
}
