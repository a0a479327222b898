import { TriangleAlert } from 'lucide-react';
import { FullScreen } from '../components/FullScreen';
import styles from './ErrorScreen.module.css';

export type DefaultErrorViewProps = Record<string, never>;

/** The default error screen (spec §2.1): the React error boundary's fallback. */
export function DefaultErrorView() {
  return (
    <FullScreen>
      <span className={styles.iconDanger}>
        <TriangleAlert aria-hidden="true" focusable="false" size={32} />
      </span>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
    </FullScreen>
  );
}
