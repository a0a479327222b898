import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  ConfirmEmailAddressRequest,
  ConfirmEmailAddressResponse,
} from '../../../contract/identity';
import { guardedCall } from '../../machines/guardedCallFactory';
import { notProvided } from '../../machines/notProvided';

export const emailConfirmationTexts = {
  /** Spec §8 success messages. */
  confirmedTitle: 'Email Address Confirmed',
  /** Ours: the spec gives the title only. */
  confirmed: 'Your email address has been confirmed.',
  /** Spec §8 Email confirmation. */
  errorTitle: 'Error Confirming Email Address',
  invalid: 'The email confirmation link is invalid or has expired, please try again',
  failed: 'There was an error confirming the email address, please try again',
  /** Ours: while the call is in flight. */
  confirming: 'Confirming email address...',
} as const;

export interface EmailConfirmationInput {
  /** The key of the emailed link (/account/confirm-email/{key}). */
  key: string;
}

export interface EmailConfirmationContext {
  key: string;
}

export type EmailConfirmationEvent = { type: 'retry' };

export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
    input: {} as EmailConfirmationInput,
  },
  actors: {
    /** POST /auth/confirmEmailAddress (key): data.confirmed and data.message. */
    confirmEmailAddress: fromPromise<ConfirmEmailAddressResponse, ConfirmEmailAddressRequest>(
      async () => notProvided('confirmEmailAddress'),
    ),
  },
  guards: {
    isConfirmed: (_, response: ConfirmEmailAddressResponse) => response.confirmed,
  },
}).createMachine({
  id: 'emailConfirmation',
  description:
    'Spec §2.3 Email confirmation /account/confirm-email/{key}: calls the server with the key and shows a success or failure message.',
  context: ({ input }) => ({ key: input.key }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'POST /auth/confirmEmailAddress (key).',
      tags: ['busy'],
      invoke: guardedCall({
        src: 'confirmEmailAddress',
        input: ({ context }: { context: EmailConfirmationContext }) => ({ key: context.key }),
        guard: 'isConfirmed',
        yes: { target: 'confirmed', description: "Confirmed: 'Email Address Confirmed'." },
        no: {
          target: 'invalid',
          description:
            "Not confirmed: 'Error Confirming Email Address', 'The email confirmation link is invalid or has expired, please try again'.",
        },
        failed: {
          target: 'failed',
          description:
            "The call failed: 'Error Confirming Email Address', 'There was an error confirming the email address, please try again'.",
        },
      }),
    },
    confirmed: {
      description: "'Email Address Confirmed'.",
    },
    invalid: {
      description:
        "'Error Confirming Email Address': 'The email confirmation link is invalid or has expired, please try again'.",
    },
    failed: {
      description:
        "'Error Confirming Email Address': 'There was an error confirming the email address, please try again'.",
      on: {
        retry: { target: 'confirming', description: 'Try again.' },
      },
    },
  },
});

export type EmailConfirmationSnapshot = SnapshotFrom<typeof emailConfirmationMachine>;

export const selectConfirming = (s: EmailConfirmationSnapshot) => s.hasTag('busy');
export const selectEmailConfirmationCanRetry = (s: EmailConfirmationSnapshot) =>
  s.matches('failed');

/**
 * What the Email confirmation screen shows: 'busy' while the key is sent, 'success' once the
 * address is confirmed, 'failure' otherwise (an invalid or expired key, or a failed call).
 */
export const selectEmailConfirmationResult = (
  s: EmailConfirmationSnapshot,
): 'busy' | 'success' | 'failure' =>
  selectConfirming(s) ? 'busy' : s.matches('confirmed') ? 'success' : 'failure';

/** The failure panel's text: the invalid or expired key's, else the failed call's. */
export const selectEmailConfirmationFailureText = (s: EmailConfirmationSnapshot): string =>
  s.matches('invalid') ? emailConfirmationTexts.invalid : emailConfirmationTexts.failed;

/**
 * Where the confirmed person goes on: a signed-in person to the app ('Continue', /feed), a
 * visitor to the login ('Login').
 */
export const selectEmailConfirmationOnward = (
  _s: EmailConfirmationSnapshot,
  signedIn: boolean,
): { href: string; label: string } =>
  signedIn ? { href: '/feed', label: 'Continue' } : { href: '/login', label: 'Login' };
