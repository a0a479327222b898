import { CreateDropView } from '../../views/screens/CreateDropView';
import { CreateInfoView } from '../../views/screens/CreateInfoView';
import { FollowingView } from '../../views/screens/FollowingView';
import { SearchView } from '../../views/screens/SearchView';
import { usePageTitle } from '../pageTitle';

/**
 * Screens without a flow of their own (spec §2.3): nothing to load or decide, so no machine;
 * each sets its page title and renders its view.
 */

/** /create-info: New Drop or New Post. */
export function CreateInfoScreen() {
  usePageTitle('Create');
  return <CreateInfoView />;
}

/** /create-drop: the spec's placeholder. */
export function CreateDropScreen() {
  usePageTitle('Create Drop');
  return <CreateDropView />;
}

/** /following: the static sample list with its tabs and name filter. */
export function FollowingScreen() {
  usePageTitle('Following');
  return <FollowingView />;
}

/** /search: a bare input. */
export function SearchScreen() {
  usePageTitle('Search');
  return <SearchView />;
}
