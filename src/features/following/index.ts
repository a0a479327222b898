import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { FollowingScreen } from './FollowingScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: FollowingScreen,
});

export default entry;
