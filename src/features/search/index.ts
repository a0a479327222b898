import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { SearchScreen } from './SearchScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: SearchScreen,
});

export default entry;
