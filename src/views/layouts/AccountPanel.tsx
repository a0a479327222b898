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

/** Where an account screen's load and last call stand: what its frame shows above the content. */
export interface AccountPanelStatus {
  loading?: boolean;
  /** The load failed: the alert shows with a retry button instead of the content. */
  loadFailed?: boolean;
  onRetry?: () => void;
  alert?: AccountAlert | null;
  onDismissAlert?: () => void;
}

export interface AccountPanelProps extends AccountPanelStatus {
  title: string;
  /** Room for tables (the users screen): wider than a form. */
  wide?: boolean;
  /** Shown under the title (e.g. a short explanation). */
  lead?: string;
  /** The status as one object (a load → edit → save view hands over its own props). */
  status?: AccountPanelStatus;
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
  status,
  children,
  ...own
}: AccountPanelProps) {
  const { loading = false, loadFailed = false, onRetry, alert, onDismissAlert } = status ?? own;
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
