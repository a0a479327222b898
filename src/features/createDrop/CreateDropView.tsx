import { Droplet } from 'lucide-react';
import { Link } from 'wouter';
import auth from '../../views/layouts/AuthScreen.module.css';
import styles from './CreateDropView.module.css';

export type CreateDropViewProps = Record<string, never>;

/** Create Drop, /create-drop (spec §2.3): a placeholder, creating a Drop is not built yet. */
export function CreateDropView() {
  return (
    <div className={auth.screen}>
      <div className={auth.card}>
        <div className={auth.result}>
          <span className={styles.icon}>
            <Droplet aria-hidden="true" focusable="false" size={32} />
          </span>
          <h1 className={auth.title}>Create Drop</h1>
          <p className={styles.badge}>Coming soon</p>
          <p className={auth.lead}>
            A Drop is a time limited post showing exclusive content for a charitable event or
            initiative. Creating Drops is on its way.
          </p>
          <p className={auth.links}>
            <span>
              In the meantime, <Link href="/create-post">create a post</Link>.
            </span>
          </p>
        </div>
      </div>
    </div>
  );
}
