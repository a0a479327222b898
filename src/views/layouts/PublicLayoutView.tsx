import type { ReactNode } from 'react';
import '../styles/globalStyles';
import { HeaderBar } from '../components/HeaderBar';
import { LinkButton } from '../components/LinkButton';
import { SkipLink } from '../components/SkipLink';
import styles from './PublicLayoutView.module.css';

export interface PublicLayoutViewProps {
  children: ReactNode;
  /** Signed-out visitors get 'Login' and 'Sign up' links in the header. */
  signedIn: boolean;
}

/** The public layout (spec §2.1): landing page, sign-up start, password reset, invitations... */
export function PublicLayoutView({ children, signedIn }: PublicLayoutViewProps) {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <HeaderBar
        compactLogo={!signedIn}
        end={
          signedIn ? null : (
            <>
              <LinkButton href="/login" variant="ghost" size="sm" className={styles.headerLink}>
                Login
              </LinkButton>
              <LinkButton
                href="/start-signup"
                variant="primary"
                size="sm"
                className={styles.headerLink}
              >
                Sign up
              </LinkButton>
            </>
          )
        }
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
