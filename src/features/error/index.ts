import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { ErrorScreen } from './ErrorScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: ErrorScreen,
});

export default entry;
