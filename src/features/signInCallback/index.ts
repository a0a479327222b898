import { createElement } from 'react';
import type { FlowEntryFactory, NoActors } from '../../shared/flow';
import type { SignInCallbackInput } from './signInCallback.flow';
import { SignInCallbackScreen } from './SignInCallbackScreen';

const entry: FlowEntryFactory<SignInCallbackInput, NoActors> = () => {
  let answer: SignInCallbackInput = { error: null, hasCode: false };
  return {
    start: (input) => {
      answer = input;
      return {};
    },
    Screen: () => createElement(SignInCallbackScreen, { answer }),
  };
};

export default entry;
