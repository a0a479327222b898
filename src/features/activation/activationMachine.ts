import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ActivateRequest, ActivateResponse } from '../../../contract/identity';
import { failedCall } from '../../machines/callFactory';
import { failureKindOf, type FailureKind } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';

export const activationTexts = {
  /** Spec §8 success messages. */
  activatedTitle: 'Account Activated',
  /** Ours: the spec gives the title only. */
  activated: 'Your account has been activated, you can now log in.',
  /** Spec §8 Activation. */
  errorTitle: 'Error Activating Account',
  invalid: 'The activation link is invalid or has expired, please try again',
  failed: 'There was an error activating account, please try again',
  /** Spec §8 Authentication: the activation call got no answer (or none that could be read). */
  noAnswer: 'Error activating account, please try again.',
  /** Ours: while the call is in flight. */
  activating: 'Activating account...',
} as const;

export interface ActivationInput {
  /** The key of the emailed link (/activate/{key}). */
  key: string;
}

export interface ActivationContext {
  key: string;
  /** How the last call failed (its error's kind), or null. */
  failure: FailureKind | null;
}

export type ActivationEvent = { type: 'retry' };

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
  },
  actors: {
    /** POST /auth/activate (activationKey): data.activated and data.message. */
    activate: fromPromise<ActivateResponse, ActivateRequest>(async () => notProvided('activate')),
  },
  guards: {
    isActivated: (_, response: ActivateResponse) => response.activated,
  },
  actions: {
    noteFailure: assign((_, error: unknown) => ({ failure: failureKindOf(error) })),
  },
}).createMachine({
  id: 'activation',
  description:
    'Spec §2.3 Activation /activate/{key}: calls the server with the key and shows a success or failure message.',
  context: ({ input }) => ({ key: input.key, failure: null }),
  initial: 'activating',
  states: {
    activating: {
      description: 'POST /auth/activate (activationKey).',
      tags: ['busy'],
      // Not guardedCall: the failed call's outcome also notes how it failed (for the text).
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ activationKey: context.key }),
        onDone: [
          {
            guard: { type: 'isActivated', params: ({ event }) => event.output },
            target: 'activated',
            description: "Activated: 'Account Activated'.",
          },
          {
            target: 'invalid',
            description:
              "Not activated: 'Error Activating Account', 'The activation link is invalid or has expired, please try again'.",
          },
        ],
        onError: failedCall(
          'failed',
          'noteFailure',
          "The call failed: 'Error Activating Account', 'There was an error activating account, please try again' (no answer came: 'Error activating account, please try again.').",
        ),
      },
    },
    activated: {
      description: "'Account Activated': the person can log in.",
    },
    invalid: {
      description:
        "'Error Activating Account': 'The activation link is invalid or has expired, please try again'.",
    },
    failed: {
      description:
        "'Error Activating Account': 'There was an error activating account, please try again', or 'Error activating account, please try again.' when no answer came.",
      on: {
        retry: { target: 'activating', description: 'Try again.' },
      },
    },
  },
});

export type ActivationSnapshot = SnapshotFrom<typeof activationMachine>;

export const selectActivating = (s: ActivationSnapshot) => s.hasTag('busy');
export const selectActivationCanRetry = (s: ActivationSnapshot) => s.matches('failed');

/**
 * What the Activation screen shows: 'busy' while the key is sent, 'success' once the account is
 * activated, 'failure' otherwise (an invalid or expired key, or a failed call).
 */
export const selectActivationResult = (s: ActivationSnapshot): 'busy' | 'success' | 'failure' =>
  selectActivating(s) ? 'busy' : s.matches('activated') ? 'success' : 'failure';

/**
 * The failure panel's text: the invalid or expired key's; else the failed call's, in spec §8
 * Authentication's words when no answer came.
 */
export const selectActivationFailureText = (s: ActivationSnapshot): string =>
  s.matches('invalid')
    ? activationTexts.invalid
    : s.matches('failed') && s.context.failure === 'noAnswer'
      ? activationTexts.noAnswer
      : activationTexts.failed;
