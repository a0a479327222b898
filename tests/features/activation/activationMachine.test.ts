/**
 * What the Activation screen shows, written from spec §2.3 Activation /activate/{key} (the key
 * is sent to the server; a success or failure message) and §8 ('Account Activated'; 'Error
 * Activating Account' with 'The activation link is invalid or has expired, please try again'
 * when the server says not activated, or 'There was an error activating account, please try
 * again' when the call failed, which may be tried again; §8 Authentication's 'Error activating
 * account, please try again.' when the call got no answer).
 */
import {
  activationMachine,
  activationTexts,
  selectActivating,
  selectActivationCanRetry,
  selectActivationResult,
  selectActivationFailureText,
  type ActivationSnapshot,
} from '../../../src/features/activation/activationMachine';
import { describeLinkKeyScreen } from '../../support/linkKeyScreen';

const KEY = 'activation-key-1';

await describeLinkKeyScreen<ActivationSnapshot>({
  states: { busy: 'activating', accepted: 'activated' },
  machine: activationMachine,
  key: KEY,
  actor: 'activate',
  callInput: { activationKey: KEY },
  outputs: {
    accepted: { activated: true, message: 'Activated' },
    refused: { activated: false, message: 'Expired' },
  },
  busy: { name: 'activating', shown: activationTexts.activating, spec: 'Activating account...' },
  // Spec §8 Authentication: the call got no answer (the transport's ApiError of kind network).
  noAnswer: {
    error: {
      kind: 'network',
      httpStatus: null,
      fromServer: false,
      messages: ['An unknown error occurred'],
    },
    text: 'Error activating account, please try again.',
  },
  notices: {
    accepted: {
      title: 'Account Activated',
      text: 'Your account has been activated, you can now log in.',
    },
    invalid: {
      title: 'Error Activating Account',
      text: 'The activation link is invalid or has expired, please try again',
    },
    failed: {
      title: 'Error Activating Account',
      text: 'There was an error activating account, please try again',
    },
  },
  texts: {
    successTitle: activationTexts.activatedTitle,
    success: activationTexts.activated,
    errorTitle: activationTexts.errorTitle,
  },
  select: {
    busy: selectActivating,
    result: selectActivationResult,
    failureText: selectActivationFailureText,
    canRetry: selectActivationCanRetry,
  },
});
