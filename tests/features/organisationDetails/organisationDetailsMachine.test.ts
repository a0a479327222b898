/**
 * Generated paths of the organisation details machine, checked against a model written from
 * spec §2.2/§3 Organisation, §6 (Administrators edit, a Standard User reads) and §8 Organisation
 * ('There was an error loading the data for this form' under 'Error getting user details'):
 * tenants/get loads the current organisation; an Administrator's Save sends tenants/updateDetails
 * with the logo's change (a new pending upload as logoId, or removeLogo after a delete); the
 * saved details come back with 'Organisation details updated' and a session refresh. Run for an
 * Administrator and for a Standard User, whose Save does nothing. The logo widget is a stand-in.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { UserRole } from '../../../contract/enums';
import { mediaPresetIds } from '../../../contract/media';
import { logoUploadReference, type Organisation } from '../../../contract/organisations';
import {
  organisationDetailsMachine,
  selectCanEditOrganisation,
  selectEditableLogoRef,
  selectOrganisation,
  selectOrganisationAlert,
  selectOrganisationLoadFailed,
  selectOrganisationLoading,
  selectOrganisationLogoRef,
  selectOrganisationSaving,
  type OrganisationDetailsInput,
  type OrganisationDetailsSnapshot,
} from '../../../src/features/organisationDetails/organisationDetailsMachine';
import type { OrganisationDetailsFormValues } from '../../../src/validation/organisation';
import { FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';
import { loadStep } from '../../support/loadModel';
import { danger, success } from '../../support/fixtures';
import { DEMO_TENANTS } from '../../../server/db/seedData';

const TENANT_ID = 1;
const USER_GUID = '0b7c3c1e-6f7d-4d0b-9a4b-2c1e5a6f7d8e';
const loaded: Organisation = {
  id: TENANT_ID,
  guid: 'c1d2e3f4-0000-4000-8000-000000000001',
  name: 'Harbour Hope',
  accountType: 'Charity',
  ...DEMO_TENANTS.harbourHope.details,
  logoId: 'logo-1',
  logoUrl: '/media/files/logo-1',
};
const values: OrganisationDetailsFormValues = {
  name: 'Harbour Hope Trust',
  companyNumber: '01234567',
  vatNumber: '',
  email: 'contact@harbourhope.example',
  contactName: 'Olivia Harper',
  contactPhone: '+44 20 7946 0000',
  website: '',
};
const saved: Organisation = {
  ...loaded,
  ...values,
  logoId: 'pending-2',
  logoUrl: '/media/files/pending-2',
};
const refusal = { messages: ['Please enter a contact phone'] };

type Phase = 'loading' | 'loadFailed' | 'editing' | 'saving';
type Logo = { kind: 'keep' } | { kind: 'new'; fileId: string } | { kind: 'remove' };
interface Model {
  phase: Phase;
  organisation: Organisation | null;
  logo: Logo;
  alert: 'loadFailed' | 'saved' | 'saveFailed' | null;
  calls: { name: string; input: unknown }[];
  refreshes: number;
}
const start = (): Model => ({
  phase: 'loading',
  organisation: null,
  logo: { kind: 'keep' },
  alert: null,
  calls: [{ name: 'getOrganisation', input: { id: TENANT_ID } }],
  refreshes: 0,
});
let model = start();

function next(
  m: Model,
  event: { type: string; output?: unknown; fileId?: string | null },
  admin: boolean,
): Model {
  const ready = m.phase === 'editing' || m.phase === 'saving';
  const afterLoad = loadStep<Model>(m, event, {
    actor: 'getOrganisation',
    loaded: (l, output) => ({
      ...l,
      phase: 'editing',
      organisation: output as Organisation,
      logo: { kind: 'keep' },
    }),
    call: { name: 'getOrganisation', input: { id: TENANT_ID } },
  });
  if (afterLoad) return afterLoad;
  switch (event.type) {
    case 'alert.dismiss':
      return { ...m, alert: null };
    case 'avatar.changed':
      if (!ready) return m;
      return {
        ...m,
        logo: event.fileId ? { kind: 'new', fileId: event.fileId } : { kind: 'remove' },
      };
    case 'form.submit': {
      // Spec §6: only an Administrator saves.
      if (m.phase !== 'editing' || !admin) return m;
      const input = {
        id: TENANT_ID,
        ...values,
        ...(m.logo.kind === 'new' ? { logoId: m.logo.fileId } : {}),
        ...(m.logo.kind === 'remove' ? { removeLogo: true } : {}),
      };
      return {
        ...m,
        phase: 'saving',
        alert: null,
        calls: [...m.calls, { name: 'updateDetails', input }],
      };
    }
    case 'xstate.done.actor.updateDetails':
      return m.phase === 'saving'
        ? {
            ...m,
            phase: 'editing',
            organisation: event.output as Organisation,
            logo: { kind: 'keep' },
            alert: 'saved',
            refreshes: m.refreshes + 1,
          }
        : m;
    case 'xstate.error.actor.updateDetails':
      return m.phase === 'saving' ? { ...m, phase: 'editing', alert: 'saveFailed' } : m;
    default:
      return m;
  }
}

const alerts = {
  loadFailed: danger(
    'loadFailed',
    'Error getting user details',
    'There was an error loading the data for this form',
  ),
  saved: success('saved', null, 'Organisation details updated'),
  saveFailed: {
    kind: 'saveFailed',
    level: 'danger',
    title: 'Error updating organisation details',
    messages: refusal.messages,
  },
} as const;

interface Spies {
  promises: FakePromises;
  refreshes: number;
  logoInputs: unknown[];
}

const inputFor = (userRole: UserRole): OrganisationDetailsInput => ({
  tenantId: TENANT_ID,
  userRole,
  userGuid: USER_GUID,
});

/**
 * The spec's table of the screen's states: loading (tenants/get), loadFailed ('Error getting user
 * details', Retry), ready.editing (the details, and for an Administrator the form and logo),
 * ready.saving (tenants/updateDetails is out). None ends the flow.
 */
const states: Record<Phase, SpecState['value']> = {
  loading: 'loading',
  loadFailed: 'loadFailed',
  editing: { ready: 'editing' },
  saving: { ready: 'saving' },
};
const state = (): SpecState => ({ value: states[model.phase], shown: model });

await describePathsForInputs<Spies, OrganisationDetailsInput>({
  machine: organisationDetailsMachine,
  unhandled: true,
  inputs: [
    { name: 'an Administrator', input: inputFor(UserRole.Administrator) },
    { name: 'a Standard User', input: inputFor(UserRole.User) },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies: Spies = { promises, refreshes: 0, logoInputs: [] };
    const machine = organisationDetailsMachine.provide({
      actors: {
        ...promises.actors('getOrganisation', 'updateDetails'),
        avatarUpload: createMachine({
          id: 'logoStandIn',
          entry: ({ event }) => {
            spies.logoInputs.push((event as { input?: unknown }).input);
          },
        }) as never,
      },
      actions: { notifySaved: () => (spies.refreshes += 1) },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'form.submit', values },
    { type: 'retry' },
    { type: 'alert.dismiss' },
    { type: 'avatar.changed', status: 'uploaded', imageUrl: 'blob:logo', fileId: 'pending-2' },
    { type: 'avatar.changed', status: 'deleted', imageUrl: null, fileId: null },
    ...settled('getOrganisation', [loaded], [new Error('network down')]),
    ...settled('updateDetails', [saved], [refusal]),
  ],
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot }, spies, input) => {
    const admin = input.userRole === UserRole.Administrator;
    model = next(model, event, admin);
    const s = snapshot as OrganisationDetailsSnapshot;
    expect(selectOrganisationLoading(s)).toBe(model.phase === 'loading');
    expect(selectOrganisationLoadFailed(s)).toBe(model.phase === 'loadFailed');
    expect(selectOrganisationSaving(s)).toBe(model.phase === 'saving');
    expect(selectCanEditOrganisation(s)).toBe(admin);
    const ready = model.phase === 'editing' || model.phase === 'saving';
    expect(selectOrganisation(s)).toEqual(ready ? model.organisation : null);
    expect(selectOrganisationAlert(s)).toEqual(model.alert ? alerts[model.alert] : null);
    expect(selectOrganisationLogoRef(s) !== undefined).toBe(ready);
    // Spec §6: the logo widget is an Administrator's; a Standard User sees the saved logo only.
    expect(selectEditableLogoRef(s)).toBe(ready && admin ? selectOrganisationLogoRef(s) : null);
    expect(spies.promises.calls).toEqual(model.calls);
    expect(spies.refreshes).toBe(model.refreshes);
    // The logo widget starts from the organisation's saved logo, with the logo preset.
    if (ready) {
      expect(spies.logoInputs.at(-1)).toEqual({
        presetId: mediaPresetIds.organisationLogo,
        cropping: true,
        reference: logoUploadReference(USER_GUID),
        ownerId: TENANT_ID,
        current: { imageUrl: model.organisation?.logoUrl },
      });
    }
  },
});

// The generated paths keep one path per (state, event, effect), so a Save after a logo change is
// walked once whatever the change: each change's tenants/updateDetails payload here (spec §3
// Organisation: the new pending upload as logoId, removeLogo after a delete, neither otherwise).
describe("an Administrator's Save carries the logo's change", () => {
  it.each([
    ['no change', [], {}],
    [
      'a new logo',
      [{ type: 'avatar.changed', status: 'uploaded', imageUrl: 'blob:logo', fileId: 'pending-2' }],
      { logoId: 'pending-2' },
    ],
    [
      'a removed logo',
      [{ type: 'avatar.changed', status: 'deleted', imageUrl: null, fileId: null }],
      { removeLogo: true },
    ],
    [
      'a new logo, then removed',
      [
        { type: 'avatar.changed', status: 'uploaded', imageUrl: 'blob:logo', fileId: 'pending-2' },
        { type: 'avatar.changed', status: 'deleted', imageUrl: null, fileId: null },
      ],
      { removeLogo: true },
    ],
  ] as const)('%s', (_name, changes, logo) => {
    const promises = new FakePromises();
    const actor = createActor(
      organisationDetailsMachine.provide({
        actors: {
          ...promises.actors('getOrganisation', 'updateDetails'),
          avatarUpload: createMachine({ id: 'logoStandIn' }) as never,
        },
        actions: { notifySaved: () => undefined },
      }),
      { input: inputFor(UserRole.Administrator) },
    ).start();
    actor.send({ type: 'xstate.done.actor.getOrganisation', output: loaded } as never);
    for (const change of changes) actor.send(change as never);
    actor.send({ type: 'form.submit', values });
    expect(promises.calls.at(-1)).toEqual({
      name: 'updateDetails',
      input: { id: TENANT_ID, ...values, ...logo },
    });
    actor.stop();
  });
});
