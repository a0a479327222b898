import type { ReactNode } from 'react';
import '../styles/globalStyles';
import { LogoImage } from './LogoImage';
import styles from './FullScreen.module.css';

export interface FullScreenProps {
  children: ReactNode;
  /** Show the wordmark as the page's h1 (for screens without a heading of their own). */
  brand?: boolean;
}

/**
 * The main landmark of a screen shown on its own, outside any layout (start-up, loading, errors):
 * its content is centred in the viewport.
 */
export function FullScreen({ children, brand = false }: FullScreenProps) {
  return (
    <main id="main" tabIndex={-1} className={styles.fullScreen}>
      <div className={styles.content}>
        {brand ? (
          <h1 className={styles.brand}>
            <LogoImage />
          </h1>
        ) : null}
        {children}
      </div>
    </main>
  );
}
