import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { LogoutScreen } from './LogoutScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: LogoutScreen,
});

export default entry;
