import { SearchField } from '../../views/components/SearchField';
import styles from '../../views/layouts/ContentScreen.module.css';

export type SearchViewProps = Record<string, never>;

/** Search, /search (spec §2.3): a bare input with its label (searching is not built yet). */
export function SearchView() {
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>Search</h1>
      <SearchField id="search-input" label="Search drops, posts and people" size="lg" />
    </div>
  );
}
