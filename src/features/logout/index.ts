import type { FlowEntryFactory, NoActors } from '../../platform/flow';
import { LogoutScreen } from './LogoutScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: LogoutScreen,
});

export default entry;
