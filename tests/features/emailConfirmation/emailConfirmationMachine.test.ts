/**
 * What the Email confirmation screen shows, written from spec §2.3 (/account/confirm-email/{key}
 * sends the key to the server and shows a success or failure message) and §8 ('Email Address
 * Confirmed'; 'Error Confirming Email Address' with 'The email confirmation link is invalid or
 * has expired, please try again' when the server says not confirmed, or 'There was an error
 * confirming the email address, please try again' when the call failed, which may be tried
 * again).
 */
import { expect } from 'vitest';
import {
  emailConfirmationMachine,
  emailConfirmationTexts,
  selectConfirming,
  selectEmailConfirmationCanRetry,
  selectEmailConfirmationOnward,
  selectEmailConfirmationResult,
  selectEmailConfirmationFailureText,
  type EmailConfirmationSnapshot,
} from '../../../src/features/emailConfirmation/emailConfirmationMachine';
import { describeLinkKeyScreen } from '../../support/linkKeyScreen';

const KEY = 'confirmation-key-1';

await describeLinkKeyScreen<EmailConfirmationSnapshot>({
  states: { busy: 'confirming', accepted: 'confirmed' },
  machine: emailConfirmationMachine,
  key: KEY,
  actor: 'confirmEmailAddress',
  callInput: { key: KEY },
  outputs: {
    accepted: { confirmed: true, message: 'Confirmed' },
    refused: { confirmed: false, message: 'Expired' },
  },
  busy: {
    name: 'confirming',
    shown: emailConfirmationTexts.confirming,
    spec: 'Confirming email address...',
  },
  notices: {
    accepted: {
      title: 'Email Address Confirmed',
      text: 'Your email address has been confirmed.',
    },
    invalid: {
      title: 'Error Confirming Email Address',
      text: 'The email confirmation link is invalid or has expired, please try again',
    },
    failed: {
      title: 'Error Confirming Email Address',
      text: 'There was an error confirming the email address, please try again',
    },
  },
  texts: {
    successTitle: emailConfirmationTexts.confirmedTitle,
    success: emailConfirmationTexts.confirmed,
    errorTitle: emailConfirmationTexts.errorTitle,
  },
  select: {
    busy: selectConfirming,
    result: selectEmailConfirmationResult,
    failureText: selectEmailConfirmationFailureText,
    canRetry: selectEmailConfirmationCanRetry,
  },
  // Spec §2.3: a signed-in person continues to the app, a visitor to the login.
  alsoShown: (s) => {
    expect(selectEmailConfirmationOnward(s, true)).toEqual({ href: '/feed', label: 'Continue' });
    expect(selectEmailConfirmationOnward(s, false)).toEqual({ href: '/login', label: 'Login' });
  },
});
