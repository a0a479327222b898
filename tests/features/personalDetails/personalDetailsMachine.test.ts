/**
 * Generated paths of the personal details machine, checked against a model written from spec
 * §2.3 Personal Details, §4 Email verification widget and Handle check, §5 Personal details and
 * §8 Account. Its children are puppets (tests/support/puppet.ts): the email verification widget
 * and the handle check take on the snapshot a path step names, and the parent learns of it
 * through the real child-to-parent mechanism.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { UserEditDetails } from '../../../contract/account';
import { emailVerificationMachine } from '../../../src/machines/emailVerificationMachine';
import { handleCheckMachine } from '../../../src/machines/handleCheckMachine';
import * as details from '../../../src/features/personalDetails/personalDetailsMachine';
import type { PersonalDetailsSubmission } from '../../../src/validation/account';
import { danger, makeEditDetails, success } from '../../support/fixtures';
import { FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';
import { puppetOf } from '../../support/puppet';
import { loadEditSaveState, loadStep } from '../../support/loadModel';

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
const unconfirmed = makeEditDetails({
  email: OWN_EMAIL,
  handle: OWN_HANDLE,
  emailConfirmed: false,
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
  const afterLoad = loadStep<Model>(m, event, {
    actor: 'getUserEditDetails',
    loaded: (l, output) => ({ ...fromDetails(l, output as UserEditDetails), phase: 'editing' }),
    call: { name: 'getUserEditDetails', input: undefined },
  });
  if (afterLoad) return afterLoad;
  switch (event.type) {
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

/**
 * The spec's table of the Personal Details screen's states (§2.3, §5): loading (GET
 * users/getUserEditDetails), loadFailed ('Error getting user details', with a retry), and the
 * form (ready) with the widgets: editing, blocked (saving blocked, the first errored field
 * focused) or saving ('Saving...'). The flow never ends.
 */
const state = (): SpecState => loadEditSaveState(model);

const alerts = {
  loadFailed: danger(
    'loadFailed',
    'Error getting user details',
    'There was an error loading the data for this form',
  ),
  saved: success('saved', null, 'Personal details updated'),
  serverFailed: danger(
    'saveFailed',
    'Error updating personal details',
    'Profile name/handle not available',
  ),
  failed: danger('saveFailed', null, 'Error updating personal details'),
} as const;

function expectShown(s: details.PersonalDetailsSnapshot, m: Model, calls: FakePromises['calls']) {
  expect(details.selectPersonalDetailsLoading(s)).toBe(m.phase === 'loading');
  expect(details.selectPersonalDetailsLoadFailed(s)).toBe(m.phase === 'loadFailed');
  expect(details.selectPersonalDetailsSaving(s)).toBe(m.phase === 'saving');
  expect(details.selectPersonalDetails(s)).toEqual(inReady(m) ? m.details : null);
  expect(details.selectPersonalDetailsAlert(s)).toEqual(m.alert ? alerts[m.alert] : null);
  expect(details.selectPersonalDetailsFieldErrors(s)).toEqual(m.fieldErrors);
  expect(details.selectPersonalDetailsRuleErrors(s)).toEqual(errorsFor(m, m.availableHandle ?? ''));
  // Blocked: the first errored field in form order (handle comes before email); errors exist
  // only while blocked.
  const order = ['handle', 'email'] as const;
  expect(details.selectPersonalDetailsFocusField(s)).toBe(
    order.find((f) => f in m.fieldErrors) ?? null,
  );
  if (m.phase !== 'blocked') expect(m.fieldErrors).toEqual({});
  // 'Email requires confirmation' while a new address waits for its link (or is unconfirmed).
  expect(details.selectEmailConfirmation(s)).toEqual(
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

const load = { type: 'xstate.done.actor.getUserEditDetails', output: loaded };
const submitNew = { type: 'form.submit', values: values(NEW_HANDLE) };
const submitOwn = { type: 'form.submit', values: values(OWN_HANDLE) };
const email = (value: 'verified' | 'editing', address: string) => ({
  type: 'xstate.snapshot.personalDetailsEmailVerification',
  snapshot: emailSnapshot(value, address),
});
const handle = (value: 'available' | 'notAvailable', name: string) => ({
  type: 'xstate.snapshot.personalDetailsHandleCheck',
  snapshot: handleSnapshot(value, name),
});

await describePathsForInputs({
  machine: details.personalDetailsMachine,
  unhandled: true,
  inputs: [
    {
      name: 'a saved account',
      input: undefined,
      // The planner keeps one path per change of state; these walk the widgets' effects on the
      // form (a new address unverified, then verified; a handle taken, then free) step by step.
      paths: [
        {
          name: 'a new address must be verified before it is saved',
          events: [
            load,
            email('editing', NEW_EMAIL),
            submitOwn,
            email('verified', NEW_EMAIL),
            submitOwn,
            { type: 'xstate.done.actor.updatePersonalDetails', output: savedWithPending },
          ],
        },
        {
          name: "typing one's own address again needs no code (any case, spaces trimmed)",
          events: [load, email('editing', ' OWNER@example.com '), submitOwn],
        },
        {
          name: 'a taken handle blocks until a free one is found',
          events: [
            load,
            handle('notAvailable', NEW_HANDLE),
            submitNew,
            handle('available', NEW_HANDLE),
            submitNew,
            { type: 'xstate.error.actor.updatePersonalDetails', error: serverRefusal },
            submitNew,
          ],
        },
        {
          name: 'blocked again: a rule broken meanwhile joins the errors',
          events: [
            load,
            handle('notAvailable', NEW_HANDLE),
            submitNew,
            email('editing', NEW_EMAIL),
            submitNew,
          ],
        },
        {
          name: 'an address not yet confirmed shows Email requires confirmation',
          events: [
            { type: 'xstate.done.actor.getUserEditDetails', output: unconfirmed },
            submitOwn,
          ],
        },
        {
          name: 'both rules at once, then each resolved',
          events: [
            load,
            email('editing', NEW_EMAIL),
            handle('notAvailable', NEW_HANDLE),
            submitNew,
            email('verified', NEW_EMAIL),
            handle('available', NEW_HANDLE),
            submitNew,
          ],
        },
      ],
    },
  ],
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
    const machine = details.personalDetailsMachine.provide({
      actors: {
        ...promises.actors('getUserEditDetails', 'updatePersonalDetails'),
        // They start where the real ones start: the saved address verified, the saved handle
        // available.
        emailVerification: puppetOf(emailVerificationMachine, { startsAsReal: true }) as never,
        handleCheck: puppetOf(handleCheckMachine, { startsAsReal: true }) as never,
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
    ...settled('getUserEditDetails', [loaded], [new Error('network down')]),
    ...settled(
      'updatePersonalDetails',
      [savedWithPending],
      [serverRefusal, new Error('network down')],
    ),
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
  afterStep: ({ event, snapshot }, spies) => {
    model = next(model, event);
    expectShown(snapshot as details.PersonalDetailsSnapshot, model, spies.promises.calls);
    // After each save the session is refreshed, so the header shows the new name.
    expect(spies.notifySaved).toHaveBeenCalledTimes(model.refreshes);
  },
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
});

describe('with the real email verification widget and handle check', () => {
  it('starts them from the saved details, and saves a new handle and a verified new address', async () => {
    const promises = new FakePromises();
    const notifySaved = vi.fn();
    const clock = new SimulatedClock();
    const machine = details.personalDetailsMachine.provide({
      actors: {
        ...promises.actors('getUserEditDetails', 'updatePersonalDetails'),
        emailVerification: emailVerificationMachine.provide({
          actors: {
            verifyAccount: promises.logic('verifyAccount') as never,
            verifyAccountCode: promises.logic('verifyAccountCode') as never,
          },
        }),
        handleCheck: handleCheckMachine.provide({
          actors: promises.actors('handleExists'),
        }),
      },
      actions: { notifySaved },
    });
    const actor = createActor(machine, { clock }).start();
    const settle = async (name: string, value: unknown) => {
      expect(promises.settle(name, 'done', value)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await settle('getUserEditDetails', loaded);

    // The saved address shows verified and the saved handle available, with no call made.
    const emailRef = details.selectPersonalDetailsEmailRef(actor.getSnapshot());
    const handleRef = details.selectPersonalDetailsHandleRef(actor.getSnapshot());
    expect(emailRef?.getSnapshot().value).toBe('verified');
    expect(emailRef?.getSnapshot().context.email).toBe(OWN_EMAIL);
    expect(handleRef?.getSnapshot().value).toBe('available');
    expect(promises.calls.map((c) => c.name)).toEqual(['getUserEditDetails']);

    // A taken handle blocks the save; a free one is found available after the debounce.
    handleRef?.send({ type: 'handle.change', value: 'taken_one' });
    clock.increment(400);
    await settle('handleExists', true);
    actor.send({ type: 'form.submit', values: values('taken_one') });
    expect(details.selectPersonalDetailsFieldErrors(actor.getSnapshot())).toEqual({
      handle: 'Profile name/handle not available',
    });
    handleRef?.send({ type: 'handle.change', value: NEW_HANDLE });
    clock.increment(400);
    await settle('handleExists', false);

    // A new address: a code is requested as for signup (no account may have it), then verified.
    emailRef?.send({ type: 'email.edit' });
    emailRef?.send({ type: 'email.change', email: NEW_EMAIL });
    emailRef?.send({ type: 'code.request', email: NEW_EMAIL });
    await settle('verifyAccount', undefined);
    emailRef?.send({ type: 'code.verify', code: '123456' });
    await settle('verifyAccountCode', true);
    actor.send({ type: 'form.submit', values: values(NEW_HANDLE) });
    expect(details.selectPersonalDetailsSaving(actor.getSnapshot())).toBe(true);
    expect(promises.calls.slice(1)).toEqual([
      { name: 'handleExists', input: { value: 'taken_one' } },
      { name: 'handleExists', input: { value: NEW_HANDLE } },
      { name: 'verifyAccount', input: { email: NEW_EMAIL, forSignup: true } },
      { name: 'verifyAccountCode', input: { email: NEW_EMAIL, code: '123456' } },
      { name: 'updatePersonalDetails', input: { ...values(NEW_HANDLE), email: NEW_EMAIL } },
    ]);

    // Saved: the widgets start again from what was saved (the new handle is one's own now).
    await settle('updatePersonalDetails', savedWithPending);
    expect(notifySaved).toHaveBeenCalledTimes(1);
    const after = actor.getSnapshot();
    expect(details.selectPersonalDetailsEmailRef(after)?.getSnapshot().context.email).toBe(
      NEW_EMAIL,
    );
    expect(details.selectPersonalDetailsEmailRef(after)?.getSnapshot().value).toBe('verified');
    const newHandleRef = details.selectPersonalDetailsHandleRef(after);
    expect(newHandleRef).not.toBe(handleRef);
    expect(newHandleRef?.getSnapshot().context).toEqual({
      handle: NEW_HANDLE,
      ownHandle: NEW_HANDLE,
    });
    expect(details.selectEmailConfirmation(after)).toEqual({ pendingEmail: NEW_EMAIL });
    actor.stop();
  });
});
