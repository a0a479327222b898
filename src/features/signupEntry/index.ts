import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { SignupEntryScreen } from './SignupEntryScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: SignupEntryScreen,
});

export default entry;
