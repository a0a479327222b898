import type { ReactNode } from 'react';
import { ArrowLeft, LogOut, Menu, ShieldCheck } from 'lucide-react';
import '../styles/globalStyles';
import { HeaderBar } from '../components/HeaderBar';
import { MenuButton } from '../components/MenuButton';
import type { MenuButtonItem } from '../components/MenuButton';
import { SkipLink } from '../components/SkipLink';
import styles from './FullPageLayoutView.module.css';

export interface FullPageLayoutViewProps {
  children: ReactNode;
  /** The back button: the caller decides where back goes; none when there is nowhere to go. */
  onBack?: (() => void) | undefined;
  /** Someone is signed in: the menu offers Logout (a visitor has nothing to log out of). */
  signedIn: boolean;
}

const dataPrivacy: MenuButtonItem = {
  kind: 'link',
  label: 'Data Privacy',
  href: '/data-privacy',
  icon: <ShieldCheck size={18} />,
};
const logout: MenuButtonItem = {
  kind: 'link',
  label: 'Logout',
  href: '/logout',
  icon: <LogOut size={18} />,
};
const signedInItems: readonly MenuButtonItem[] = [dataPrivacy, logout];
const visitorItems: readonly MenuButtonItem[] = [dataPrivacy];

/**
 * The full-page layout (spec §2.1): back button (unless there is nowhere to go back to), logo,
 * and a menu with Data Privacy and Logout (Logout only for someone signed in).
 */
export function FullPageLayoutView({ children, onBack, signedIn }: FullPageLayoutViewProps) {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <HeaderBar
        start={
          onBack ? (
            <button type="button" className={styles.back} aria-label="Back" onClick={onBack}>
              <ArrowLeft aria-hidden="true" focusable="false" size={22} />
            </button>
          ) : null
        }
        end={
          <MenuButton
            label="Menu"
            trigger={<Menu aria-hidden="true" focusable="false" size={22} />}
            items={signedIn ? signedInItems : visitorItems}
          />
        }
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
