import { FollowingView } from './FollowingView';

/** Following: the static sample list with its tabs and name filter (spec §2.3). */
export function FollowingScreen() {
  return <FollowingView />;
}
