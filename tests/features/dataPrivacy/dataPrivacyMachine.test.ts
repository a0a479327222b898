/**
 * Generated paths of the data privacy machine, checked against a model written from spec §2.3
 * Data Privacy, §4 Deleting own account, §6 and §8: the privacy policy version (default 1) and
 * agreed date load from users/get with one's own id ('Error loading user data' / 'There was an
 * error loading the user data', with a retry); Download Personal Data (a failure is only
 * logged); Delete Account opens a confirm dialog, 'Yes, Delete Account' deletes and signs the
 * person out, a failure shows 'Error deleting acccount' and closes the dialog. What deleting
 * takes: the whole organisation for its owner, this organisation only for a member of several,
 * else the account. Issue 19: while a host impersonates the person the server refuses
 * users/deleteMyAccount, so Delete Account is not offered (a note says why; the events that would
 * delete do nothing) and the download stays.
 *
 * Issue 34: /data-privacy is a full-page route for whoever opens it (spec §2.1): a visitor sees
 * the information only, nothing loads. Delete Account says, per case, what will be deleted and
 * what stays: an owner whose only organisation this is loses it and the account; an owner with
 * other organisations loses this one, the account stays with the others (named); a member of
 * several leaves this one; a member of this one alone loses the account. Once deleted, the person
 * is signed out and the confirmation shows — in the account area, by going to /data-privacy with
 * the outcome (the full page shows it to the visitor the person has become).
 */
import { expect, vi } from 'vitest';
import type { UserEditDetails } from '../../../contract/account';
import * as privacy from '../../../src/features/dataPrivacy/dataPrivacyMachine';
import { danger, makeEditDetails } from '../../support/fixtures';
import { FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';
import { loadStep } from '../../support/loadModel';

const USER_ID = 7;
const TENANT_ID = 3;
const membership = (tenantId: number, owner: boolean, tenantName: string) => ({
  tenantId,
  tenantName,
  tenantAccountType: 'Charity' as const,
  userRole: owner ? (1 as const) : (0 as const),
  loginEnabled: true,
  owner,
  lastLoginDate: null,
});
const owner = makeEditDetails({
  id: USER_ID,
  firstName: 'Ann Marie',
  lastName: 'Smith',
  privacyPolicyVersion: 2,
  privacyPolicyAgreedDate: '2026-03-04T09:05:00.000Z',
  tenantUsers: [membership(TENANT_ID, true, 'Hope Trust'), membership(9, false, 'Other')],
});
const soleOwner = makeEditDetails({
  id: USER_ID,
  tenantUsers: [membership(TENANT_ID, true, 'Hope Trust')],
});
const ownerOfTwo = makeEditDetails({
  id: USER_ID,
  tenantUsers: [
    membership(4, true, 'Own Org'),
    membership(TENANT_ID, true, 'Hope Trust'),
    membership(9, false, 'Other'),
  ],
});
const memberOfTwo = makeEditDetails({
  id: USER_ID,
  privacyPolicyAgreedDate: null,
  tenantUsers: [membership(9, true, 'Own Org'), membership(TENANT_ID, false, 'Hope Trust')],
});
const soleMember = makeEditDetails({
  id: USER_ID,
  tenantUsers: [membership(TENANT_ID, false, 'Hope Trust')],
});
/** Spec §6, per case: what the dialog says will be deleted, and the other organisations kept. */
const plans = new Map<UserEditDetails, { kind: string; remaining: string[] }>([
  [owner, { kind: 'organisation', remaining: ['Other'] }],
  [soleOwner, { kind: 'organisationAndAccount', remaining: [] }],
  [ownerOfTwo, { kind: 'organisation', remaining: ['Own Org', 'Other'] }],
  [memberOfTwo, { kind: 'membership', remaining: ['Own Org'] }],
  [soleMember, { kind: 'account', remaining: [] }],
]);

interface Model {
  phase: 'visitor' | 'loading' | 'loadFailed' | 'ready' | 'deleted' | 'leaving';
  /** What the deletion deleted (the confirmation). */
  deleted: string | null;
  download: 'idle' | 'downloading';
  deletion: 'idle' | 'confirming' | 'deleting' | 'unavailable';
  impersonated: boolean;
  details: UserEditDetails | null;
  alert: 'loadFailed' | 'deleteFailed' | null;
  calls: { name: string; input: unknown }[];
  logged: number;
}
const start = (given: privacy.DataPrivacyInput): Model => {
  const opened = given.signedIn ? null : given.deleted;
  const phase = opened ? 'deleted' : given.signedIn ? 'loading' : 'visitor';
  return {
    phase,
    deleted: opened,
    download: 'idle',
    deletion: 'idle',
    impersonated: given.impersonated,
    details: null,
    alert: null,
    calls: phase === 'loading' ? [{ name: 'getUser', input: { id: USER_ID } }] : [],
    logged: 0,
  };
};
let model: Model;
let inAccountArea = true;

function next(m: Model, event: { type: string; output?: unknown }): Model {
  const ready = m.phase === 'ready';
  const afterLoad = loadStep<Model>(m, event, {
    actor: 'getUser',
    loaded: (l, output) => ({
      ...l,
      phase: 'ready',
      download: 'idle',
      deletion: l.impersonated ? 'unavailable' : 'idle',
      details: output as UserEditDetails,
    }),
    call: { name: 'getUser', input: { id: USER_ID } },
  });
  if (afterLoad) return afterLoad;
  switch (event.type) {
    case 'download.start':
      return ready && m.download === 'idle'
        ? {
            ...m,
            download: 'downloading',
            calls: [
              ...m.calls,
              {
                name: 'downloadPersonalData',
                input: { firstName: m.details?.firstName, lastName: m.details?.lastName },
              },
            ],
          }
        : m;
    case 'xstate.done.actor.downloadPersonalData':
      return ready && m.download === 'downloading' ? { ...m, download: 'idle' } : m;
    case 'xstate.error.actor.downloadPersonalData':
      return ready && m.download === 'downloading'
        ? { ...m, download: 'idle', logged: m.logged + 1 }
        : m;
    case 'delete.request':
      return ready && m.deletion === 'idle' ? { ...m, deletion: 'confirming', alert: null } : m;
    case 'delete.cancel':
      return ready && m.deletion === 'confirming' ? { ...m, deletion: 'idle' } : m;
    case 'delete.confirm':
      return ready && m.deletion === 'confirming'
        ? {
            ...m,
            deletion: 'deleting',
            calls: [...m.calls, { name: 'deleteMyAccount', input: undefined }],
          }
        : m;
    case 'xstate.done.actor.deleteMyAccount':
      return ready && m.deletion === 'deleting'
        ? { ...m, phase: inAccountArea ? 'leaving' : 'deleted', deleted: String(event.output) }
        : m;
    case 'xstate.error.actor.deleteMyAccount':
      return ready && m.deletion === 'deleting'
        ? { ...m, deletion: 'idle', alert: 'deleteFailed' }
        : m;
    case 'alert.dismiss':
      return m.phase === 'leaving' ? m : { ...m, alert: null };
    default:
      return m;
  }
}

const alerts = {
  loadFailed: danger(
    'loadFailed',
    'Error loading user data',
    'There was an error loading the user data',
  ),
  deleteFailed: danger('deleteFailed', null, 'Error deleting acccount'),
} as const;

function expectShown(
  s: privacy.DataPrivacySnapshot,
  calls: FakePromises['calls'],
  spies: {
    signOut: ReturnType<typeof vi.fn>;
    logDownloadFailure: ReturnType<typeof vi.fn>;
    showConfirmationPage: ReturnType<typeof vi.fn>;
  },
  given: privacy.DataPrivacyInput,
) {
  const shownDetails = model.details;
  const phase = model.phase;
  expect(privacy.selectDataPrivacyPage(s)).toBe(
    phase === 'visitor' ? 'visitor' : phase === 'deleted' ? 'deleted' : 'account',
  );
  expect(privacy.selectDeletedOutcome(s)).toBe(phase === 'deleted' ? model.deleted : null);
  expect(privacy.selectDataPrivacyLoading(s)).toBe(phase === 'loading');
  expect(privacy.selectDataPrivacyLoadFailed(s)).toBe(phase === 'loadFailed');
  // Spec §2.1/§2.3: /account/data-privacy is in the account area; /data-privacy a full page.
  expect(privacy.selectAccountAreaPath(s)).toBe(
    given.inAccountArea ? '/account/data-privacy' : null,
  );
  expect(privacy.selectPrivacyPolicy(s)).toEqual(
    shownDetails
      ? {
          version: shownDetails.privacyPolicyVersion,
          agreedDate: shownDetails.privacyPolicyAgreedDate,
        }
      : null,
  );
  const plan = shownDetails ? plans.get(shownDetails) : undefined;
  expect(privacy.selectDeletionPlan(s)).toEqual(
    plan ? { kind: plan.kind, organisation: 'Hope Trust', remaining: plan.remaining } : null,
  );
  const ready = phase === 'ready';
  expect(privacy.selectDownloading(s)).toBe(ready && model.download === 'downloading');
  // The dialog stays open while deleting and while the account area gives way.
  expect(privacy.selectConfirmingDeletion(s)).toBe(
    phase === 'leaving' ||
      (ready && (model.deletion === 'confirming' || model.deletion === 'deleting')),
  );
  expect(privacy.selectDeleting(s)).toBe(
    phase === 'leaving' || (ready && model.deletion === 'deleting'),
  );
  expect(privacy.selectDeletionUnavailable(s)).toBe(
    ready && model.deletion === 'unavailable'
      ? 'Deleting the account is not available while you are viewing Givedrop as another user.'
      : null,
  );
  expect(privacy.selectDataPrivacyAlert(s)).toEqual(model.alert ? alerts[model.alert] : null);
  expect(calls).toEqual(model.calls);
  // Success signs the user out, once (not when the page opens with a deletion's outcome); the
  // account area goes to /data-privacy with the outcome; a download failure is only logged.
  const deletedHere = phase === 'leaving' || (phase === 'deleted' && model.details !== null);
  expect(spies.signOut).toHaveBeenCalledTimes(deletedHere ? 1 : 0);
  expect(spies.showConfirmationPage.mock.calls).toEqual(
    phase === 'leaving' ? [[model.deleted]] : [],
  );
  expect(spies.logDownloadFailure).toHaveBeenCalledTimes(model.logged);
}

const input = (
  impersonated: boolean,
  inAccountArea = true,
  signedIn = true,
  deleted: privacy.DataPrivacyInput['deleted'] = null,
): privacy.DataPrivacyInput => ({
  signedIn,
  deleted,
  userId: signedIn ? USER_ID : 0,
  tenantId: signedIn ? TENANT_ID : 0,
  inAccountArea,
  impersonated,
});

/**
 * The spec's table of the screen's states: loading (users/get), loadFailed ('Error loading user
 * data', Retry), ready with two regions at once — download: idle or downloading (Download
 * Personal Data), deletion: notWhileImpersonating (the note), idle (Delete Account), confirming
 * (the dialog), deleting ('Yes, Delete Account' sent) — and deleted (signed out: the
 * confirmation) or, in the account area, leaving (for /data-privacy with the outcome; the flow
 * ends). A visitor of /data-privacy: visitor (the information only), or deleted when the page
 * opens with a deletion's outcome.
 */
function state(): SpecState {
  const { phase } = model;
  if (phase !== 'ready') return { value: phase, done: phase === 'leaving', shown: model };
  const deletion = model.deletion === 'unavailable' ? 'notWhileImpersonating' : model.deletion;
  return { value: { ready: { download: model.download, deletion } }, shown: model };
}

await describePathsForInputs({
  machine: privacy.dataPrivacyMachine,
  unhandled: true,
  inputs: [
    { name: 'the person themselves', input: input(false) },
    { name: 'a host impersonating the person', input: input(true) },
    { name: 'a signed-in person on the full page (/data-privacy)', input: input(false, false) },
    { name: 'a visitor (/data-privacy)', input: input(false, false, false) },
    {
      name: 'a visitor after a deletion in the account area (/data-privacy?deleted=organisation)',
      input: input(false, false, false, 'organisation'),
    },
    {
      name: 'a signed-in person given a deletion outcome they did not cause',
      input: input(false, false, true, 'account'),
    },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies = {
      signOut: vi.fn(),
      logDownloadFailure: vi.fn(),
      showConfirmationPage: vi.fn(),
      promises,
    };
    const machine = privacy.dataPrivacyMachine.provide({
      actors: promises.actors('getUser', 'downloadPersonalData', 'deleteMyAccount'),
      actions: {
        signOut: () => spies.signOut(),
        logDownloadFailure: () => spies.logDownloadFailure(),
        showConfirmationPage: (_, outcome) => spies.showConfirmationPage(outcome),
      },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'retry' },
    { type: 'download.start' },
    { type: 'delete.request' },
    { type: 'delete.cancel' },
    { type: 'delete.confirm' },
    { type: 'alert.dismiss' },
    ...settled(
      'getUser',
      [owner, soleOwner, ownerOfTwo, memberOfTwo, soleMember],
      [new Error('network down')],
    ),
    ...settled('downloadPersonalData', [undefined], [new Error('429')]),
    ...settled('deleteMyAccount', ['organisation', 'account'], [new Error('network down')]),
  ],
  spec: {
    initial: (_spies, given) => {
      model = start(given);
      inAccountArea = given.inAccountArea;
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot }, spies, given) => {
    model = next(model, event);
    expectShown(snapshot as privacy.DataPrivacySnapshot, spies.promises.calls, spies, given);
  },
});
