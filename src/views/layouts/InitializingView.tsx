import { RefreshCw } from 'lucide-react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { FullScreen } from '../components/FullScreen';
import { LoadingIndicator } from '../components/LoadingIndicator';
import styles from './ErrorScreen.module.css';

export interface InitializingViewProps {
  /** The configuration load attempt under way (1-based), or null before the first. */
  attempt: number | null;
  /**
   * The machine's text: 'Initialization failed, attempt: n, please refresh.' while retrying, or
   * 'Error initializing application, please reload the page.' at the end. Null while all is well.
   */
  error: string | null;
  /** True once no more attempts will be made: the spinner gives way to a 'Reload Application' button. */
  final?: boolean;
  onReload?: () => void;
}

/** The start-up screen while the configuration loads (spec §8 Startup, §9). */
export function InitializingView({
  attempt,
  error,
  final = false,
  onReload,
}: InitializingViewProps) {
  const failed = final && error !== null;
  return (
    <FullScreen brand>
      <div className={styles.stack} data-attempt={attempt ?? undefined}>
        {failed ? (
          <>
            <Alert level="Danger" messages={[error]} className={styles.alert} />
            <Button onClick={onReload} icon={<RefreshCw size={18} />} size="lg">
              Reload Application
            </Button>
          </>
        ) : (
          <>
            <LoadingIndicator variant="page" text="Loading..." />
            {error !== null ? (
              <Alert level="Warning" messages={[error]} className={styles.alert} />
            ) : null}
          </>
        )}
      </div>
    </FullScreen>
  );
}
