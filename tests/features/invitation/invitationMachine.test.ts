/**
 * Generated paths of the invitation machine (/invitation/{key}), checked against a model written
 * from spec §2.3 Invitation, §4 Invitation and Captcha token, §8 Invitation: an unknown key
 * shows 'Invalid Invitation'; a failed load 'Unable to load the invitation details. Please try
 * again.' (with a retry); a non-pending invitation 'This invitation has already been {status}.';
 * acceptance takes a captcha token then the call ('Error Accepting Invitation' with the server's
 * messages); if activated the person is signed in, else verifies by email; declining records an
 * optional reason ('Invitation Declined', or 'Error Declining Invitation').
 */
import { describe, expect, it } from 'vitest';
import type { InvitationByKey } from '../../../contract/team';
import * as invitationFlow from '../../../src/features/invitation/invitationMachine';
import { makeSession } from '../../support/fixtures';
import {
  describePaths,
  withFakePromises,
  settled,
  type SpecState,
} from '../../support/pathHarness';

const KEY = 'invitation-key-1';
const byKey = (status: InvitationByKey['userInvitationStatus']): InvitationByKey => ({
  email: 'guest@example.org',
  firstName: 'Gia',
  lastName: 'Lane',
  userInvitationKey: KEY,
  userInvitationStatus: status,
  accountName: 'Harbour Hope',
  invitedByUserFullName: 'Olivia Harper',
  invitedByUserEmail: 'owner@example.com',
  canChangeEmailAddress: true,
  accountExists: false,
});
const pending = byKey('Pending');
const accepted = byKey('Accepted');
const values = {
  firstName: 'Gia',
  lastName: 'Lane',
  email: 'gia@example.org',
  password: 'Strong!Pass1',
};
const session = makeSession('invited-token');
const unknownKey = { httpStatus: 404, messages: ['Invalid Invitation'] };
const serverRefusal = { httpStatus: 409, messages: ['This invitation has already been accepted.'] };
const wordless = { httpStatus: 500, messages: [] as string[] };

type Phase =
  | 'loading'
  | 'loadFailed'
  | 'invalid'
  | 'notPending'
  | 'editing'
  | 'captcha'
  | 'sending'
  | 'declineEditing'
  | 'declineSending'
  | 'declined'
  | 'verifyByEmail'
  | 'signedIn';
interface Model {
  phase: Phase;
  invitation: InvitationByKey | null;
  invalid: string[];
  alert: { kind: string; title: string; messages: string[] } | null;
  calls: { name: string; input: unknown }[];
}
const start = (): Model => ({
  phase: 'loading',
  invitation: null,
  invalid: [],
  alert: null,
  calls: [{ name: 'getUserByInvitationKey', input: { key: KEY } }],
});
let model = start();

function next(
  m: Model,
  event: { type: string; output?: unknown; error?: unknown; message?: string },
): Model {
  switch (event.type) {
    case 'xstate.done.actor.getUserByInvitationKey': {
      if (m.phase !== 'loading') return m;
      const invitation = event.output as InvitationByKey;
      return {
        ...m,
        invitation,
        phase: invitation.userInvitationStatus === 'Pending' ? 'editing' : 'notPending',
      };
    }
    case 'xstate.error.actor.getUserByInvitationKey':
      if (m.phase !== 'loading') return m;
      return event.error === unknownKey
        ? { ...m, phase: 'invalid', invalid: ['Invalid Invitation'] }
        : {
            ...m,
            phase: 'loadFailed',
            alert: {
              kind: 'load',
              title: 'Error',
              messages: ['Unable to load the invitation details. Please try again.'],
            },
          };
    case 'retry':
      return m.phase === 'loadFailed'
        ? {
            ...m,
            phase: 'loading',
            alert: null,
            calls: [...m.calls, { name: 'getUserByInvitationKey', input: { key: KEY } }],
          }
        : m;
    case 'form.submit':
      return m.phase === 'editing'
        ? {
            ...m,
            phase: 'captcha',
            alert: null,
            calls: [...m.calls, { name: 'invitationCaptchaToken', input: { action: 'signup' } }],
          }
        : m;
    case 'xstate.done.actor.invitationCaptchaToken':
      if (m.phase !== 'captcha') return m;
      return event.output === null
        ? {
            ...m,
            phase: 'editing',
            alert: {
              kind: 'captcha',
              title: 'ReCaptcha Error',
              messages: ['Failed to generate ReCaptcha token, please refresh the page.'],
            },
          }
        : {
            ...m,
            phase: 'sending',
            calls: [
              ...m.calls,
              {
                name: 'acceptUserInvitation',
                input: {
                  ...values,
                  termsAccepted: true,
                  privacyPolicyAccepted: true,
                  consentToHelpEmails: false,
                  consentToMarketingEmails: false,
                  usingEmail: true,
                  reCaptchaToken: event.output,
                  userInvitationKey: KEY,
                },
              },
            ],
          };
    case 'xstate.done.actor.acceptUserInvitation':
      if (m.phase !== 'sending') return m;
      return {
        ...m,
        phase:
          (event.output as { kind: string }).kind === 'signedIn' ? 'signedIn' : 'verifyByEmail',
      };
    case 'xstate.error.actor.acceptUserInvitation':
      return m.phase === 'sending'
        ? {
            ...m,
            phase: 'editing',
            alert: {
              kind: 'accept',
              title: 'Error Accepting Invitation',
              messages:
                event.error === serverRefusal
                  ? serverRefusal.messages
                  : ['Error accepting user invitation, please try again.'],
            },
          }
        : m;
    case 'decline.start':
      return m.phase === 'editing' ? { ...m, phase: 'declineEditing', alert: null } : m;
    case 'decline.cancel':
      return m.phase === 'declineEditing' ? { ...m, phase: 'editing', alert: null } : m;
    case 'decline.submit':
      return m.phase === 'declineEditing'
        ? {
            ...m,
            phase: 'declineSending',
            alert: null,
            calls: [
              ...m.calls,
              {
                name: 'declineUserInvitation',
                input: { userInvitationKey: KEY, message: 'Not now' },
              },
            ],
          }
        : m;
    case 'xstate.done.actor.declineUserInvitation':
      return m.phase === 'declineSending' ? { ...m, phase: 'declined' } : m;
    case 'xstate.error.actor.declineUserInvitation': {
      if (m.phase !== 'declineSending') return m;
      const messages =
        event.error === serverRefusal
          ? serverRefusal.messages
          : event.error === wordless
            ? ['Please try again.']
            : ['An unexpected error occurred. Please try again.'];
      return {
        ...m,
        phase: 'declineEditing',
        alert: { kind: 'decline', title: 'Error Declining Invitation', messages },
      };
    }
    case 'alert.dismiss':
      return m.phase === 'signedIn' ? m : { ...m, alert: null };
    default:
      return m;
  }
}

const views: Record<Phase, string> = {
  loading: 'loading',
  loadFailed: 'loadFailed',
  invalid: 'invalid',
  notPending: 'notPending',
  editing: 'accept',
  captcha: 'accept',
  sending: 'accept',
  declineEditing: 'decline',
  declineSending: 'decline',
  declined: 'declined',
  verifyByEmail: 'verifyByEmail',
  signedIn: 'signedIn',
};

/**
 * The spec's table of the screen's states: loading (the invitation by its key), loadFailed
 * (Retry), invalid ('Invalid Invitation'), notPending ('already been {status}'), accepting —
 * editing (the form), submitting.gettingCaptcha (the captcha token), submitting.sending (the
 * acceptance) — declining — editing (the reason), sending — declined ('Invitation Declined'),
 * verifyByEmail (activate by the emailed link), signedIn (the session handed on; the flow ends).
 */
const states: Record<Phase, SpecState['value']> = {
  loading: 'loading',
  loadFailed: 'loadFailed',
  invalid: 'invalid',
  notPending: 'notPending',
  editing: { accepting: 'editing' },
  captcha: { accepting: { submitting: 'gettingCaptcha' } },
  sending: { accepting: { submitting: 'sending' } },
  declineEditing: { declining: 'editing' },
  declineSending: { declining: 'sending' },
  declined: 'declined',
  verifyByEmail: 'verifyByEmail',
  signedIn: 'signedIn',
};
const state = (): SpecState => ({
  value: states[model.phase],
  done: model.phase === 'signedIn',
  shown: model,
});

await describePaths({
  machine: invitationFlow.invitationMachine,
  unhandled: true,
  input: { key: KEY, minimumPasswordLength: 8 },
  build: withFakePromises(
    invitationFlow.invitationMachine,
    'getUserByInvitationKey',
    ['captchaToken', 'invitationCaptchaToken'],
    'acceptUserInvitation',
    'declineUserInvitation',
  ),
  events: [
    { type: 'retry' },
    { type: 'form.submit', values },
    { type: 'decline.start' },
    { type: 'decline.cancel' },
    { type: 'decline.submit', message: '  Not now ' },
    { type: 'alert.dismiss' },
    ...settled(
      'getUserByInvitationKey',
      [pending, accepted],
      [unknownKey, new Error('network down')],
    ),
    ...settled('invitationCaptchaToken', ['captcha-token', null]),
    ...settled(
      'acceptUserInvitation',
      [{ kind: 'signedIn', session }, { kind: 'verifyByEmail' }],
      [serverRefusal, new Error('network down')],
    ),
    ...settled(
      'declineUserInvitation',
      [{ declined: true }],
      [serverRefusal, wordless, new Error('boom')],
    ),
  ],
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot }, { promises }) => {
    const s = snapshot as invitationFlow.InvitationSnapshot;
    model = next(model, event as never);
    expect(invitationFlow.selectInvitationView(s)).toBe(views[model.phase]);
    expect(invitationFlow.selectInvitation(s)).toEqual(model.invitation);
    expect(invitationFlow.selectInvalidMessages(s)).toEqual(model.invalid);
    expect(invitationFlow.selectAlreadyText(s)).toBe(
      model.phase === 'notPending' ? 'This invitation has already been accepted.' : null,
    );
    expect(invitationFlow.selectInvitationAlert(s)).toEqual(model.alert);
    expect(invitationFlow.selectAccepting(s)).toBe(
      model.phase === 'captcha' || model.phase === 'sending',
    );
    expect(invitationFlow.selectDeclining(s)).toBe(model.phase === 'declineSending');
    expect(invitationFlow.selectEmailEditable(s)).toBe(model.invitation !== null);
    expect(invitationFlow.selectExistingAccount(s)).toBe(false);
    // The password is held only while the acceptance is in flight.
    expect(s.context.pendingValues).toEqual(
      model.phase === 'captcha' || model.phase === 'sending' ? values : null,
    );
    if (model.phase === 'signedIn') expect(s.output).toEqual(session);
    expect(promises.calls).toEqual(model.calls);
  },
});

// The Invitation screen shows one alert: the invitation's before 'Accept with Google''s.
describe("the Invitation screen's alert and whose dismissal it is", () => {
  const own = { kind: 'accept' as const, title: 'Error', messages: ['Could not accept'] };
  const google = { title: 'Signup Error', messages: ['Error signing up with Google account'] };
  it.each([
    ['none', null, null, null],
    ["the invitation's", own, null, { ...own, owner: 'invitation' }],
    ["the third party's", null, google, { ...google, owner: 'thirdParty' }],
    ["both: the invitation's", own, google, { ...own, owner: 'invitation' }],
  ] as const)('%s', (_name, invitation, thirdParty, shown) => {
    const alert = invitationFlow.invitationScreenAlert(invitation, thirdParty);
    expect(alert && { title: alert.title, messages: alert.messages, owner: alert.owner }).toEqual(
      shown && { title: shown.title, messages: shown.messages, owner: shown.owner },
    );
  });
});
