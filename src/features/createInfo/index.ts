import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { CreateInfoScreen } from './CreateInfoScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: CreateInfoScreen,
});

export default entry;
