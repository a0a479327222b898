import type { FlowEntryFactory, NoActors } from '../../platform/flow';
import { StartSignupScreen } from './StartSignupScreen';

const entry: FlowEntryFactory<undefined, NoActors> = () => ({
  start: () => ({}),
  Screen: StartSignupScreen,
});

export default entry;
