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
  /**
   * Inside a layout that has its header and main landmark (/error in the public layout, spec
   * §2.1): the message and the button only, centred in the layout's main.
   */
  inLayout?: boolean;
}

/** The application error screen (spec §2.1): a message and a reload button. */
export function AppErrorView({
  message = 'An error occurred, please refresh the page.',
  buttonLabel = 'Reload Page',
  onReload,
  inLayout = false,
}: AppErrorViewProps) {
  const content = (
    <>
      <span className={styles.iconDanger}>
        <CircleAlert aria-hidden="true" focusable="false" size={32} />
      </span>
      <h1 className={styles.message}>{message}</h1>
      <Button onClick={onReload} icon={<RefreshCw size={18} />} size="lg">
        {buttonLabel}
      </Button>
    </>
  );
  if (inLayout) return <div className={styles.inLayout}>{content}</div>;
  return <FullScreen>{content}</FullScreen>;
}
