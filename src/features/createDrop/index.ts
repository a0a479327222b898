import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { CreateDropScreen } from './CreateDropScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: CreateDropScreen,
});

export default entry;
