import { CircleAlert, RefreshCw } from 'lucide-react';
import { Button } from '../components/Button';
import { FullScreen } from '../components/FullScreen';
import styles from './ErrorScreen.module.css';

export interface AppErrorViewProps {
  /** Defaults to 'An error occurred, please refresh the page.' */
  message?: string;
  /** Defaults to 'Reload Page'. */
  buttonLabel?: 'Reload Page' | 'Reload Application';
  /** The button: the app reloads at '/'. */
  onReload: () => void;
}

/** The application error screen (spec §2.1): a message and a reload button. */
export function AppErrorView({
  message = 'An error occurred, please refresh the page.',
  buttonLabel = 'Reload Page',
  onReload,
}: AppErrorViewProps) {
  return (
    <FullScreen>
      <span className={styles.iconDanger}>
        <CircleAlert aria-hidden="true" focusable="false" size={32} />
      </span>
      <h1 className={styles.message}>{message}</h1>
      <Button onClick={onReload} icon={<RefreshCw size={18} />} size="lg">
        {buttonLabel}
      </Button>
    </FullScreen>
  );
}
