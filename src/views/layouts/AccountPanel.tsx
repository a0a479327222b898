import type { ReactNode } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { LoadingIndicator } from '../components/LoadingIndicator';
import styles from './AccountScreen.module.css';

/** An alert of an account screen, as its machine words it. */
export interface AccountAlert {
  level: 'success' | 'danger' | 'info';
  title: string | null;
  messages: readonly string[];
}

export interface AccountPanelProps {
  title: string;
  /** Room for tables (the users screen): wider than a form. */
  wide?: boolean;
  /** Shown under the title (e.g. a short explanation). */
  lead?: string;
  loading?: boolean;
  /** The load failed: the alert shows with a retry button instead of the content. */
  loadFailed?: boolean;
  onRetry?: () => void;
  alert?: AccountAlert | null;
  onDismissAlert?: () => void;
  children?: ReactNode;
}

const levels = { success: 'Success', danger: 'Danger', info: 'Info' } as const;

/**
 * The frame of an account screen: its title, its alert, and its content once loaded ('Loading,
 * please wait...' before; the load error with 'Try again' when it failed).
 */
export function AccountPanel({
  title,
  wide = false,
  lead,
  loading = false,
  loadFailed = false,
  onRetry,
  alert,
  onDismissAlert,
  children,
}: AccountPanelProps) {
  return (
    <section
      className={wide ? `${styles.panel} ${styles.widePanel}` : styles.panel}
      aria-labelledby="account-panel-title"
    >
      <header>
        <h1 id="account-panel-title" className={styles.title}>
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {alert ? (
        <Alert
          level={levels[alert.level]}
          title={alert.title ?? undefined}
          messages={alert.messages}
          onDismiss={loadFailed ? undefined : onDismissAlert}
          dismissLabel="Dismiss message"
        />
      ) : null}
      {loading ? <LoadingIndicator /> : null}
      {loadFailed && onRetry ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
      {!loading && !loadFailed ? children : null}
    </section>
  );
}
