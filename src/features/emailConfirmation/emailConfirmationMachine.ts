import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  ConfirmEmailAddressRequest,
  ConfirmEmailAddressResponse,
} from '../../../contract/identity';
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

/** What the screen shows: a success or failure message (nothing while confirming). */
export interface EmailConfirmationNotice {
  level: 'success' | 'danger';
  title: string;
  text: string;
}

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
      invoke: {
        id: 'confirmEmailAddress',
        src: 'confirmEmailAddress',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => event.output },
            target: 'confirmed',
            description: "Confirmed: 'Email Address Confirmed'.",
          },
          {
            target: 'invalid',
            description:
              "Not confirmed: 'Error Confirming Email Address', 'The email confirmation link is invalid or has expired, please try again'.",
          },
        ],
        onError: {
          target: 'failed',
          description:
            "The call failed: 'Error Confirming Email Address', 'There was an error confirming the email address, please try again'.",
        },
      },
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

export function selectEmailConfirmationNotice(
  s: EmailConfirmationSnapshot,
): EmailConfirmationNotice | null {
  if (s.matches('confirmed')) {
    return {
      level: 'success',
      title: emailConfirmationTexts.confirmedTitle,
      text: emailConfirmationTexts.confirmed,
    };
  }
  if (s.matches('invalid')) {
    return {
      level: 'danger',
      title: emailConfirmationTexts.errorTitle,
      text: emailConfirmationTexts.invalid,
    };
  }
  if (s.matches('failed')) {
    return {
      level: 'danger',
      title: emailConfirmationTexts.errorTitle,
      text: emailConfirmationTexts.failed,
    };
  }
  return null;
}

/**
 * What the Email confirmation screen shows: 'busy' while the key is sent, 'success' once the
 * address is confirmed, 'failure' otherwise (an invalid or expired key, or a failed call).
 */
export const selectEmailConfirmationResult = (
  s: EmailConfirmationSnapshot,
): 'busy' | 'success' | 'failure' =>
  selectConfirming(s) ? 'busy' : s.matches('confirmed') ? 'success' : 'failure';

/**
 * Where the confirmed person goes on: a signed-in person to the app ('Continue', /feed), a
 * visitor to the login ('Login').
 */
export const selectEmailConfirmationOnward = (
  _s: EmailConfirmationSnapshot,
  signedIn: boolean,
): { href: string; label: string } =>
  signedIn ? { href: '/feed', label: 'Continue' } : { href: '/login', label: 'Login' };
