import { Search } from 'lucide-react';
import styles from './SearchView.module.css';

export type SearchViewProps = Record<string, never>;

/** Search, /search (spec §2.3): a bare input with its label (searching is not built yet). */
export function SearchView() {
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>Search</h1>
      <div className={styles.field}>
        <label htmlFor="search-input" className={styles.label}>
          Search drops, posts and people
        </label>
        <div className={styles.box}>
          <Search aria-hidden="true" focusable="false" size={20} className={styles.icon} />
          <input
            id="search-input"
            type="search"
            className={styles.input}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </div>
    </div>
  );
}
