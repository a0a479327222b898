import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { alreadyText } from '../../../contract/invitationStatusMachine';
import {
  teamTexts,
  type AcceptInvitationRequest,
  type DeclineInvitationRequest,
  type InvitationByKey,
} from '../../../contract/team';
import { captchaTokenMachine, captchaTokenTexts } from '../../machines/captchaTokenMachine';
import { messagesFrom } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';
import type { EstablishedSession } from '../../machines/sessionMachine';
import { sessionOutput } from '../../machines/sessionOutput';

/** The captcha action an acceptance's token is generated for (spec §4 Captcha token). */
export const INVITATION_CAPTCHA_ACTION = 'signup';
export const invitationCaptchaId = 'invitationCaptchaToken';

export interface InvitationInput {
  /** The key of /invitation/{key}. */
  key: string;
  /** The configuration's minimumPasswordLength (the live checklist and the rules). */
  minimumPasswordLength: number;
}

/** What the acceptance form submits (the captcha token and the key are added by the machine). */
export interface AcceptanceSubmission {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * What the acceptance answers (spec §4 Invitation: 'if activated, login now; otherwise verify by
 * email'): the session of an active account, or the account must first be activated by mail.
 */
export type AcceptanceResult =
  { kind: 'signedIn'; session: EstablishedSession } | { kind: 'verifyByEmail' };

export interface InvitationAlert {
  kind: 'accept' | 'decline' | 'captcha' | 'load';
  title: string;
  messages: string[];
}

export interface InvitationContext {
  key: string;
  minimumPasswordLength: number;
  invitation: InvitationByKey | null;
  /** The texts of an invalid key ('Invalid Invitation' with the server's messages). */
  invalidMessages: string[];
  alert: InvitationAlert | null;
  /** The form while its acceptance is in flight (the password is in context only then). */
  pendingValues: AcceptanceSubmission | null;
  session: EstablishedSession | null;
}

export type InvitationEvent =
  | { type: 'retry' }
  | { type: 'form.submit'; values: AcceptanceSubmission }
  | { type: 'decline.start' }
  | { type: 'decline.cancel' }
  | { type: 'decline.submit'; message: string }
  | { type: 'alert.dismiss' };

/** An error's HTTP status, when it has one (an unknown key answers 404). */
const httpStatusOf = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && 'httpStatus' in error
    ? ((error as { httpStatus: number | null }).httpStatus ?? null)
    : null;

/**
 * Spec §8: 'Error Declining Invitation' with 'Please try again.' (a refusal without words of the
 * server's), the server's messages, or 'An unexpected error occurred. Please try again.' for a
 * failure that is not an answer at all.
 */
function declineMessages(error: unknown): string[] {
  if (typeof error !== 'object' || error === null || !('messages' in error)) {
    return [teamTexts.declineUnexpected];
  }
  return messagesFrom(error, teamTexts.declineFailed);
}

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
    output: {} as EstablishedSession,
  },
  actors: {
    /** GET userInvitations/getUserByInvitationKey?key= */
    getUserByInvitationKey: fromPromise<InvitationByKey, { key: string }>(async () =>
      notProvided('getUserByInvitationKey'),
    ),
    captchaToken: captchaTokenMachine,
    /** POST auth/acceptUserInvitation */
    acceptUserInvitation: fromPromise<AcceptanceResult, AcceptInvitationRequest>(async () =>
      notProvided('acceptUserInvitation'),
    ),
    /** POST auth/declineUserInvitation (userInvitationKey, message) */
    declineUserInvitation: fromPromise<unknown, DeclineInvitationRequest>(async () =>
      notProvided('declineUserInvitation'),
    ),
  },
  guards: {
    isPending: (_, invitation: InvitationByKey) => invitation.userInvitationStatus === 'Pending',
    isUnknownKey: (_, error: unknown) => {
      const status = httpStatusOf(error);
      return status === 404 || status === 400;
    },
    hasToken: (_, token: string | null) => token !== null,
    isSignedIn: (_, result: AcceptanceResult) => result.kind === 'signedIn',
  },
  actions: {
    assignInvitation: assign((_, invitation: InvitationByKey) => ({ invitation })),
    assignInvalid: assign((_, error: unknown) => ({
      invalidMessages: messagesFrom(error, teamTexts.keyInvalid),
    })),
    assignAlert: assign((_, alert: InvitationAlert) => ({ alert })),
    assignSession: assign((_, session: EstablishedSession) => ({ session })),
    assignPending: assign((_, values: AcceptanceSubmission) => ({ pendingValues: values })),
    clearPending: assign({ pendingValues: null }),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'invitation',
  description:
    "Spec §2.3 Invitation (/invitation/{key}): loads by key and shows the account name, the inviter's name and email. The invitee accepts by email and password (terms and privacy required, a captcha token) or declines with an optional reason ('Invitation Declined'). Spec §4: if the invitation is not pending, 'This invitation has already been {status}.'; acceptance: if activated, login now; otherwise verify by email.",
  context: ({ input }) => ({
    key: input.key,
    minimumPasswordLength: input.minimumPasswordLength,
    invitation: null,
    invalidMessages: [],
    alert: null,
    pendingValues: null,
    session: null,
  }),
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET userInvitations/getUserByInvitationKey?key=',
      invoke: {
        id: 'getUserByInvitationKey',
        src: 'getUserByInvitationKey',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          {
            guard: { type: 'isPending', params: ({ event }) => event.output },
            target: 'accepting',
            actions: { type: 'assignInvitation', params: ({ event }) => event.output },
            description: 'Pending: the account name, the inviter and the acceptance form.',
          },
          {
            target: 'notPending',
            actions: { type: 'assignInvitation', params: ({ event }) => event.output },
            description: "Not pending: 'This invitation has already been {status}.'",
          },
        ],
        onError: [
          {
            guard: {
              type: 'isUnknownKey',
              params: ({ event }: { event: ErrorActorEvent }) => event.error,
            },
            target: 'invalid',
            actions: {
              type: 'assignInvalid',
              params: ({ event }: { event: ErrorActorEvent }) => event.error,
            },
            description:
              "An unknown or tampered key: 'Invalid Invitation' with the server's messages.",
          },
          {
            target: 'loadFailed',
            actions: {
              type: 'assignAlert',
              params: {
                kind: 'load',
                title: teamTexts.loadFailedTitle,
                messages: [teamTexts.loadFailed],
              },
            },
            description: "'Error': 'Unable to load the invitation details. Please try again.'",
          },
        ],
      },
    },
    loadFailed: {
      description: "'Unable to load the invitation details. Please try again.'",
      on: {
        retry: { target: 'loading', actions: 'clearAlert', description: 'Try again.' },
      },
    },
    invalid: {
      description: "'Invalid Invitation'.",
    },
    notPending: {
      description: "'This invitation has already been {status}.'",
    },
    accepting: {
      description:
        'The acceptance form: first and last name, the email (editable only when allowed), password and confirm with the live checklist (or the existing account’s password), terms and privacy.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The person fills in the form; what was typed stays through a failure.',
          on: {
            'form.submit': {
              target: 'submitting',
              actions: [
                { type: 'assignPending', params: ({ event }) => event.values },
                'clearAlert',
              ],
              description: 'Accept: the form passed every rule.',
            },
            'decline.start': {
              target: '#invitation.declining',
              actions: 'clearAlert',
              description: 'Decline: the view with an optional reason.',
            },
          },
        },
        submitting: {
          description: 'The acceptance in flight: the captcha token, then the call.',
          exit: 'clearPending',
          initial: 'gettingCaptcha',
          states: {
            gettingCaptcha: {
              description: "A captcha token for the action 'signup' (up to 3 attempts, 1 s apart).",
              invoke: {
                id: invitationCaptchaId,
                systemId: invitationCaptchaId,
                src: 'captchaToken',
                input: { action: INVITATION_CAPTCHA_ACTION },
                onDone: [
                  {
                    guard: { type: 'hasToken', params: ({ event }) => event.output },
                    target: 'sending',
                    description: 'A token was generated.',
                  },
                  {
                    target: '#invitation.accepting.editing',
                    actions: {
                      type: 'assignAlert',
                      params: {
                        kind: 'captcha',
                        title: captchaTokenTexts.failedTitle,
                        messages: [captchaTokenTexts.failed],
                      },
                    },
                    description: "No token: 'ReCaptcha Error'.",
                  },
                ],
              },
            },
            sending: {
              description: 'POST auth/acceptUserInvitation with the key and the token.',
              invoke: {
                id: 'acceptUserInvitation',
                src: 'acceptUserInvitation',
                input: ({ context, event }) => {
                  const token = (event as { output?: unknown }).output;
                  const submitted = context.pendingValues;
                  if (typeof token !== 'string' || submitted === null) {
                    throw new Error('sending needs the form and the captcha token');
                  }
                  return {
                    ...submitted,
                    termsAccepted: true,
                    privacyPolicyAccepted: true,
                    consentToHelpEmails: false,
                    consentToMarketingEmails: false,
                    usingEmail: true,
                    reCaptchaToken: token,
                    userInvitationKey: context.key,
                  };
                },
                onDone: [
                  {
                    guard: { type: 'isSignedIn', params: ({ event }) => event.output },
                    target: '#invitation.signedIn',
                    actions: {
                      type: 'assignSession',
                      params: ({ event }) =>
                        (event.output as Extract<AcceptanceResult, { kind: 'signedIn' }>).session,
                    },
                    description: 'Activated: the person is signed in (login now).',
                  },
                  {
                    target: '#invitation.verifyByEmail',
                    description: 'Not activated: verify by email (the activation link was mailed).',
                  },
                ],
                onError: {
                  target: '#invitation.accepting.editing',
                  actions: {
                    type: 'assignAlert',
                    params: ({ event }: { event: ErrorActorEvent }) => ({
                      kind: 'accept' as const,
                      title: teamTexts.acceptFailedTitle,
                      messages: messagesFrom(event.error, teamTexts.acceptFailed),
                    }),
                  },
                  description:
                    "'Error Accepting Invitation' with the server's messages; the form is kept.",
                },
              },
            },
          },
        },
      },
    },
    declining: {
      description: 'The Decline view: an optional reason.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The reason, and Decline or back.',
          on: {
            'decline.submit': {
              target: 'sending',
              actions: 'clearAlert',
              description: 'Decline.',
            },
            'decline.cancel': {
              target: '#invitation.accepting',
              actions: 'clearAlert',
              description: 'Back to the acceptance form.',
            },
          },
        },
        sending: {
          description: 'POST auth/declineUserInvitation (userInvitationKey, message).',
          invoke: {
            id: 'declineUserInvitation',
            src: 'declineUserInvitation',
            input: ({ context, event }) => {
              if (event.type !== 'decline.submit') throw new Error('declining needs the reason');
              return { userInvitationKey: context.key, message: event.message.trim() };
            },
            onDone: {
              target: '#invitation.declined',
              description: "'Invitation Declined'.",
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'assignAlert',
                params: ({ event }: { event: ErrorActorEvent }) => ({
                  kind: 'decline' as const,
                  title: teamTexts.declineFailedTitle,
                  messages: declineMessages(event.error),
                }),
              },
              description:
                "'Error Declining Invitation' with 'Please try again.', the server's messages, or 'An unexpected error occurred. Please try again.'",
            },
          },
        },
      },
    },
    declined: {
      description: "'Invitation Declined'.",
    },
    verifyByEmail: {
      description: 'Accepted: the account must be activated by the emailed link (verify by email).',
    },
    signedIn: {
      type: 'final',
      description: 'Accepted and activated: the session is handed to the app.',
    },
  },
  output: sessionOutput('the invitation'),
});

export type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;

export type InvitationView =
  | 'loading'
  | 'loadFailed'
  | 'invalid'
  | 'notPending'
  | 'accept'
  | 'decline'
  | 'declined'
  | 'verifyByEmail'
  | 'signedIn';
export function selectInvitationView(s: InvitationSnapshot): InvitationView {
  if (s.matches('accepting')) return 'accept';
  if (s.matches('declining')) return 'decline';
  return s.value as InvitationView;
}
export const selectInvitation = (s: InvitationSnapshot) => s.context.invitation;
/** 'This invitation has already been {status}.' for a non-pending one, else null. */
export const selectAlreadyText = (s: InvitationSnapshot): string | null =>
  s.matches('notPending') && s.context.invitation
    ? alreadyText(s.context.invitation.userInvitationStatus)
    : null;
export const selectInvalidMessages = (s: InvitationSnapshot) => s.context.invalidMessages;
export const selectInvitationAlert = (s: InvitationSnapshot) => s.context.alert;
export const selectAccepting = (s: InvitationSnapshot) => s.matches({ accepting: 'submitting' });
export const selectDeclining = (s: InvitationSnapshot) => s.matches({ declining: 'sending' });
/** The email can be changed only when the invitation allows it (canChangeEmailAddress). */
export const selectEmailEditable = (s: InvitationSnapshot) =>
  s.context.invitation?.canChangeEmailAddress ?? false;
/** The address has an account: only its password is asked for (no new password, no checklist). */
export const selectExistingAccount = (s: InvitationSnapshot) =>
  s.context.invitation?.accountExists ?? false;
export const selectInvitationMinimumPasswordLength = (s: InvitationSnapshot) =>
  s.context.minimumPasswordLength;

/**
 * The Invitation screen's one alert, from the invitation's and the 'Accept with Google' sign-up's:
 * the invitation's own first, else the third party's; its dismissal goes to the machine it
 * belongs to (`owner`).
 */
export function invitationScreenAlert(
  invitation: InvitationAlert | null,
  thirdParty: { title: string; messages: readonly string[] } | null,
): { title: string; messages: readonly string[]; owner: 'invitation' | 'thirdParty' } | null {
  if (invitation)
    return { title: invitation.title, messages: invitation.messages, owner: 'invitation' };
  return thirdParty
    ? { title: thirdParty.title, messages: thirdParty.messages, owner: 'thirdParty' }
    : null;
}
