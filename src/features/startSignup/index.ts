import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import { StartSignupScreen } from './StartSignupScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: StartSignupScreen,
});

export default entry;
