/**
 * Generated paths of the personal details machine, checked against a model written from spec
 * §2.3 Personal Details, §4 Email verification widget and Handle check, §5 Personal details and
 * §8 Account. Its children are puppets (tests/support/puppet.ts): the email verification widget
 * and the handle check take on the snapshot a path step names, and the parent learns of it
 * through the real child-to-parent mechanism.
 */
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { UserEditDetails } from '../../contract/account';
import { emailVerificationMachine } from '../../src/machines/emailVerificationMachine';
import { handleCheckMachine } from '../../src/machines/handleCheckMachine';
import {
  personalDetailsMachine,
  selectEmailConfirmation,
  selectPersonalDetails,
  selectPersonalDetailsAlert,
  selectPersonalDetailsFieldErrors,
  selectPersonalDetailsFocusField,
  selectPersonalDetailsLoadFailed,
  selectPersonalDetailsLoading,
  selectPersonalDetailsRuleErrors,
  selectPersonalDetailsSaving,
  type PersonalDetailsSnapshot,
} from '../../src/features/personalDetails/personalDetailsMachine';
import type { PersonalDetailsSubmission } from '../../src/validation/account';
import { makeEditDetails } from '../support/fixtures';
import { describePaths, FakePromises } from '../support/pathHarness';
import { puppetOf } from '../support/puppet';

const OWN_EMAIL = 'owner@example.com';
const NEW_EMAIL = 'new.address@example.com';
const OWN_HANDLE = 'olivia_harper';
const NEW_HANDLE = 'olivia_h';

const loaded = makeEditDetails({ email: OWN_EMAIL, handle: OWN_HANDLE, pendingEmail: null });
/** What the server answers after a save that changed the email: it waits for its link. */
const savedWithPending = makeEditDetails({
  email: OWN_EMAIL,
  pendingEmail: NEW_EMAIL,
  handle: NEW_HANDLE,
  firstName: 'Liv',
});
const values = (handle: string): PersonalDetailsSubmission => ({
  firstName: 'Liv',
  lastName: 'Harper',
  phone: '+447911123456',
  dateOfBirth: '1990-04-01',
  handle,
});
const serverRefusal = { messages: ['Profile name/handle not available'] };

const emailSnapshot = (value: 'verified' | 'editing', email: string) =>
  emailVerificationMachine.resolveState({
    value,
    context: {
      forSignup: true,
      email,
      verifiedEmail: value === 'verified' ? email : null,
      errorMessages: null,
    },
  });
const handleSnapshot = (value: 'available' | 'notAvailable', handle: string) =>
  handleCheckMachine.resolveState({ value, context: { handle, ownHandle: OWN_HANDLE } });

const CHILDREN: Record<string, string> = {
  'xstate.snapshot.personalDetailsEmailVerification': 'personalDetailsEmailVerification',
  'xstate.snapshot.personalDetailsHandleCheck': 'personalDetailsHandleCheck',
};

type Phase = 'loading' | 'loadFailed' | 'editing' | 'blocked' | 'saving';
interface Model {
  phase: Phase;
  details: UserEditDetails | null;
  widget: { email: string; verified: string | null };
  availableHandle: string | null;
  fieldErrors: { handle?: string; email?: string };
  alert: 'loadFailed' | 'saved' | 'serverFailed' | 'failed' | null;
  calls: { name: string; input: unknown }[];
  refreshes: number;
}
const start = (): Model => ({
  phase: 'loading',
  details: null,
  widget: { email: '', verified: null },
  availableHandle: null,
  fieldErrors: {},
  alert: null,
  calls: [{ name: 'getUserEditDetails', input: undefined }],
  refreshes: 0,
});
let model = start();

const sameAddress = (a: string, b: string | null) =>
  b !== null && a.trim().toLowerCase() === b.toLowerCase();
/** The address to save: the one verified, or one the account has (its own or the pending one). */
function addressOf(m: Model): string | null {
  if (m.widget.verified !== null && m.widget.verified === m.widget.email) return m.widget.verified;
  if (
    m.details &&
    (sameAddress(m.widget.email, m.details.email) ||
      sameAddress(m.widget.email, m.details.pendingEmail))
  ) {
    return m.widget.email.trim();
  }
  return null;
}
function errorsFor(m: Model, handle: string) {
  const errors: Model['fieldErrors'] = {};
  if (m.availableHandle === null || m.availableHandle !== handle) {
    errors.handle = 'Profile name/handle not available';
  }
  if (addressOf(m) === null) errors.email = 'Please verify your email address.';
  return errors;
}
const inReady = (m: Model) => ['editing', 'blocked', 'saving'].includes(m.phase);
const fromDetails = (m: Model, details: UserEditDetails): Model => ({
  ...m,
  details,
  widget: {
    email: details.pendingEmail ?? details.email,
    verified: details.pendingEmail ?? details.email,
  },
  availableHandle: details.handle,
});

function next(m: Model, event: { type: string; output?: unknown; error?: unknown }): Model {
  switch (event.type) {
    case 'xstate.done.actor.getUserEditDetails':
      return m.phase === 'loading'
        ? { ...fromDetails(m, event.output as UserEditDetails), phase: 'editing' }
        : m;
    case 'xstate.error.actor.getUserEditDetails':
      return m.phase === 'loading' ? { ...m, phase: 'loadFailed', alert: 'loadFailed' } : m;
    case 'retry':
      return m.phase === 'loadFailed'
        ? {
            ...m,
            phase: 'loading',
            alert: null,
            calls: [...m.calls, { name: 'getUserEditDetails', input: undefined }],
          }
        : m;
    case 'form.submit': {
      if (m.phase !== 'editing' && m.phase !== 'blocked') return m;
      const submitted = (event as unknown as { values: PersonalDetailsSubmission }).values;
      const errors = errorsFor(m, submitted.handle);
      if (Object.keys(errors).length > 0) return { ...m, phase: 'blocked', fieldErrors: errors };
      return {
        ...m,
        phase: 'saving',
        fieldErrors: {},
        alert: null,
        calls: [
          ...m.calls,
          { name: 'updatePersonalDetails', input: { ...submitted, email: addressOf(m) } },
        ],
      };
    }
    case 'xstate.done.actor.updatePersonalDetails':
      return m.phase === 'saving'
        ? {
            ...fromDetails(m, event.output as UserEditDetails),
            phase: 'editing',
            alert: 'saved',
            refreshes: m.refreshes + 1,
          }
        : m;
    case 'xstate.error.actor.updatePersonalDetails':
      return m.phase === 'saving'
        ? {
            ...m,
            phase: 'editing',
            alert: event.error === serverRefusal ? 'serverFailed' : 'failed',
          }
        : m;
    case 'xstate.snapshot.personalDetailsEmailVerification': {
      if (!inReady(m)) return m;
      const snapshot = (event as unknown as { snapshot: AnyMachineSnapshot }).snapshot;
      const email = snapshot.context.email as string;
      const widget = { email, verified: snapshot.matches('verified') ? email : null };
      const nextModel = { ...m, widget };
      if (addressOf(nextModel) === null) return nextModel;
      const { email: _gone, ...rest } = m.fieldErrors;
      return { ...nextModel, fieldErrors: rest };
    }
    case 'xstate.snapshot.personalDetailsHandleCheck': {
      if (!inReady(m)) return m;
      const snapshot = (event as unknown as { snapshot: AnyMachineSnapshot }).snapshot;
      const available = snapshot.matches('available') ? (snapshot.context.handle as string) : null;
      if (available === null) return { ...m, availableHandle: null };
      const { handle: _gone, ...rest } = m.fieldErrors;
      return { ...m, availableHandle: available, fieldErrors: rest };
    }
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

const alerts = {
  loadFailed: {
    kind: 'loadFailed',
    level: 'danger',
    title: 'Error getting user details',
    messages: ['There was an error loading the data for this form'],
  },
  saved: { kind: 'saved', level: 'success', title: null, messages: ['Personal details updated'] },
  serverFailed: {
    kind: 'saveFailed',
    level: 'danger',
    title: 'Error updating personal details',
    messages: ['Profile name/handle not available'],
  },
  failed: {
    kind: 'saveFailed',
    level: 'danger',
    title: null,
    messages: ['Error updating personal details'],
  },
} as const;

function expectShown(s: PersonalDetailsSnapshot, m: Model, calls: FakePromises['calls']) {
  expect(selectPersonalDetailsLoading(s)).toBe(m.phase === 'loading');
  expect(selectPersonalDetailsLoadFailed(s)).toBe(m.phase === 'loadFailed');
  expect(selectPersonalDetailsSaving(s)).toBe(m.phase === 'saving');
  expect(selectPersonalDetails(s)).toEqual(inReady(m) ? m.details : null);
  expect(selectPersonalDetailsAlert(s)).toEqual(m.alert ? alerts[m.alert] : null);
  expect(selectPersonalDetailsFieldErrors(s)).toEqual(m.fieldErrors);
  expect(selectPersonalDetailsRuleErrors(s)).toEqual(errorsFor(m, m.availableHandle ?? ''));
  // Blocked: the first errored field in form order (handle comes before email).
  const order = ['handle', 'email'] as const;
  expect(selectPersonalDetailsFocusField(s)).toBe(
    m.phase === 'blocked' ? (order.find((f) => f in m.fieldErrors) ?? null) : null,
  );
  // 'Email requires confirmation' while a new address waits for its link (or is unconfirmed).
  expect(selectEmailConfirmation(s)).toEqual(
    m.details === null
      ? null
      : m.details.pendingEmail !== null
        ? { pendingEmail: m.details.pendingEmail }
        : m.details.emailConfirmed
          ? null
          : { pendingEmail: null },
  );
  expect(calls).toEqual(m.calls);
}

await describePaths({
  machine: personalDetailsMachine,
  unhandled: true,
  deliver: (event, actor) => {
    const child = CHILDREN[event.type];
    if (!child) return false;
    const ref = actor.getSnapshot().children[child];
    if (!ref) return false;
    ref.send({
      type: 'puppet.become',
      snapshot: (event as unknown as { snapshot: AnyMachineSnapshot }).snapshot,
    });
    return true;
  },
  build: () => {
    const promises = new FakePromises();
    const spies = { notifySaved: vi.fn(), promises };
    const machine = personalDetailsMachine.provide({
      actors: {
        // They start where the real ones start: the saved address verified, the saved handle
        // available.
        emailVerification: puppetOf(emailVerificationMachine, { startsAsReal: true }) as never,
        handleCheck: puppetOf(handleCheckMachine, { startsAsReal: true }) as never,
        getUserEditDetails: promises.logic('getUserEditDetails') as never,
        updatePersonalDetails: promises.logic('updatePersonalDetails') as never,
      },
      actions: { notifySaved: () => spies.notifySaved() },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'form.submit', values: values(OWN_HANDLE) },
    { type: 'form.submit', values: values(NEW_HANDLE) },
    { type: 'retry' },
    { type: 'alert.dismiss' },
    { type: 'xstate.done.actor.getUserEditDetails', output: loaded },
    { type: 'xstate.error.actor.getUserEditDetails', error: new Error('network down') },
    { type: 'xstate.done.actor.updatePersonalDetails', output: savedWithPending },
    { type: 'xstate.error.actor.updatePersonalDetails', error: serverRefusal },
    { type: 'xstate.error.actor.updatePersonalDetails', error: new Error('network down') },
    {
      type: 'xstate.snapshot.personalDetailsEmailVerification',
      snapshot: emailSnapshot('verified', NEW_EMAIL),
    },
    {
      type: 'xstate.snapshot.personalDetailsEmailVerification',
      snapshot: emailSnapshot('editing', NEW_EMAIL),
    },
    {
      type: 'xstate.snapshot.personalDetailsEmailVerification',
      snapshot: emailSnapshot('editing', 'OWNER@example.com'),
    },
    {
      type: 'xstate.snapshot.personalDetailsHandleCheck',
      snapshot: handleSnapshot('available', NEW_HANDLE),
    },
    {
      type: 'xstate.snapshot.personalDetailsHandleCheck',
      snapshot: handleSnapshot('notAvailable', NEW_HANDLE),
    },
  ],
  afterStep: ({ event, snapshot, index }, spies) => {
    if (index === 0) model = start();
    model = next(model, event);
    expectShown(snapshot as PersonalDetailsSnapshot, model, spies.promises.calls);
    // After each save the session is refreshed, so the header shows the new name.
    expect(spies.notifySaved).toHaveBeenCalledTimes(model.refreshes);
  },
});
