/**
 * Generated paths of the new organisation machine, checked against a model written from spec
 * §2.3 New Organisation, §4 Organisation creation and Session (a failed tenant switch signs the
 * user out) and §8 Organisation ('Error creating new organisation'): 'Create Organisation' calls
 * tenants/new with the form and the logo's pending upload (avatar.changed from the logo widget),
 * then the flow ends with the new organisation's id, for the app to switch the session to it
 * (the app machine's flow.switchOrganisation; its paths are the app's and the session's). The
 * logo widget is a stand-in child (its own paths are the avatar machine's).
 */
import { expect } from 'vitest';
import { createMachine } from 'xstate';
import { mediaPresetIds } from '../../../contract/media';
import {
  newOrganisationMachine,
  selectNewOrganisationAlert,
  selectNewOrganisationBusy,
  selectNewOrganisationLogoRef,
  type NewOrganisationSnapshot,
} from '../../../src/features/newOrganisation/newOrganisationMachine';
import { describePaths, FakePromises, settled, type SpecState } from '../../support/pathHarness';

const values = {
  name: 'Tide Table Trust',
  email: 'hello@tidetable.example',
  contactName: 'Marcus Reed',
  contactPhone: '+44 7700 900456',
};
const created = { id: 7, guid: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' };
const refusal = { messages: ['Please enter a contact phone'] };
const input = {
  logo: {
    presetId: mediaPresetIds.organisationLogo,
    cropping: true,
    reference: 'logo:guid',
    ownerId: 0,
    current: { imageUrl: null },
  },
};

type Phase = 'editing' | 'creating' | 'created';
interface Model {
  phase: Phase;
  logoId: string | null;
  alert: null | { title: string | null; messages: string[] };
  calls: { name: string; input: unknown }[];
}
const start = (): Model => ({ phase: 'editing', logoId: null, alert: null, calls: [] });
let model = start();

function next(m: Model, event: { type: string; output?: unknown; fileId?: string | null }): Model {
  const live = m.phase !== 'created';
  switch (event.type) {
    case 'avatar.changed':
      return live ? { ...m, logoId: event.fileId ?? null } : m;
    case 'alert.dismiss':
      return live ? { ...m, alert: null } : m;
    case 'form.submit':
      return m.phase === 'editing'
        ? {
            ...m,
            phase: 'creating',
            alert: null,
            calls: [
              ...m.calls,
              { name: 'createOrganisation', input: { ...values, logoId: m.logoId } },
            ],
          }
        : m;
    case 'xstate.done.actor.createOrganisation':
      return m.phase === 'creating' ? { ...m, phase: 'created' } : m;
    case 'xstate.error.actor.createOrganisation':
      // The server's messages under the spec's title.
      return m.phase === 'creating'
        ? {
            ...m,
            phase: 'editing',
            alert: { title: 'Error creating new organisation', messages: refusal.messages },
          }
        : m;
    default:
      return m;
  }
}

interface Spies {
  promises: FakePromises;
}

/**
 * The spec's table of the flow's states: the form is open while the person edits it (editing)
 * and while tenants/new is called (creating); once the organisation exists the flow ends
 * (created) with its id for the app to switch to.
 */
function state(): SpecState {
  if (model.phase === 'created') return { value: 'created', done: true, shown: model };
  return { value: { open: model.phase }, shown: model };
}

await describePaths<Spies>({
  machine: newOrganisationMachine,
  unhandled: true,
  input,
  build: () => {
    const promises = new FakePromises();
    const spies: Spies = { promises };
    const machine = newOrganisationMachine.provide({
      actors: {
        ...promises.actors('createOrganisation'),
        avatarUpload: createMachine({ id: 'logoStandIn' }) as never,
      },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'form.submit', values },
    { type: 'alert.dismiss' },
    { type: 'avatar.changed', status: 'uploaded', imageUrl: 'blob:logo', fileId: 'pending-1' },
    { type: 'avatar.changed', status: 'deleted', imageUrl: null, fileId: null },
    ...settled('createOrganisation', [created], [refusal]),
  ],
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot }, spies) => {
    model = next(model, event);
    const s = snapshot as NewOrganisationSnapshot;
    // 'Creating...' until the app has switched to the new organisation and gone home.
    expect(selectNewOrganisationBusy(s)).toBe(model.phase !== 'editing');
    expect(selectNewOrganisationAlert(s)).toEqual(
      model.alert ? { kind: 'createFailed', level: 'danger', ...model.alert } : null,
    );
    expect(s.status).toBe(model.phase === 'created' ? 'done' : 'active');
    // Spec §4 Organisation creation: the flow ends with the organisation to switch to.
    expect(s.output).toEqual(model.phase === 'created' ? { tenantId: created.id } : undefined);
    if (s.status === 'active') expect(selectNewOrganisationLogoRef(s)).toBeDefined();
    expect(spies.promises.calls).toEqual(model.calls);
  },
});
