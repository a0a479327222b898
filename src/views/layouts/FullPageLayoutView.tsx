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
  /** The back button: the caller decides where back goes. */
  onBack: () => void;
}

const menuItems: readonly MenuButtonItem[] = [
  { kind: 'link', label: 'Data Privacy', href: '/data-privacy', icon: <ShieldCheck size={18} /> },
  { kind: 'link', label: 'Logout', href: '/logout', icon: <LogOut size={18} /> },
];

/** The full-page layout (spec §2.1): back button, logo, and a menu with Data Privacy and Logout. */
export function FullPageLayoutView({ children, onBack }: FullPageLayoutViewProps) {
  return (
    <div className={styles.shell}>
      <SkipLink />
      <HeaderBar
        start={
          <button type="button" className={styles.back} aria-label="Back" onClick={onBack}>
            <ArrowLeft aria-hidden="true" focusable="false" size={22} />
          </button>
        }
        end={
          <MenuButton
            label="Menu"
            trigger={<Menu aria-hidden="true" focusable="false" size={22} />}
            items={menuItems}
          />
        }
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
