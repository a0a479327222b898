import type { FlowEntryFactory, NoActors } from '../../platform/flow';
import { ErrorScreen } from './ErrorScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: ErrorScreen,
});

export default entry;
