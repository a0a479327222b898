import type { FlowEntryFactory, NoActors } from '../../platform/flow';
import { SignupEntryScreen } from './SignupEntryScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: SignupEntryScreen,
});

export default entry;
