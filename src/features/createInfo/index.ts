import type { FlowEntryFactory, NoActors } from '../../platform/flow';
import { CreateInfoScreen } from './CreateInfoScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: CreateInfoScreen,
});

export default entry;
