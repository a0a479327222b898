import { SearchView } from './SearchView';

/** Search: a bare input (spec §2.3). */
export function SearchScreen() {
  return <SearchView />;
}
