import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AdminOrganisation, AdminOrganisationList } from '../../../contract/admin';
import {
  adminOrganisationsMachine,
  selectOrganisationRows,
  selectOrganisationsAlert,
  selectOrganisationsLoadFailed,
  selectOrganisationsLoading,
  selectOrganisationsPage,
  selectOrganisationsPageLoading,
  selectOrganisationsSearch,
  selectSwitchConfirmation,
  type AdminOrganisationsSnapshot,
  type SwitchChange,
} from '../../../src/features/adminOrganisations/adminOrganisationsMachine';
import { describePaths, FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { pagedListModel, type ListModel } from '../../support/recordListModel';

/**
 * The host's organisations list (issue 19): POST tenants/list with a List request (page,
 * pageSize 20, searchString, total count); the search waits 400 ms and starts again at page 1;
 * next and previous within the total; Enable/Disable and Emails on/off are asked in a confirm
 * dialog first (cancel changes nothing), then saved: the row shows the answer and 'Organisation
 * Updated', or 'Error updating organisation.' with the server's words. A failed load reads
 * 'Error loading organisations' (above the server's words, if any) with a retry, which clears it;
 * 'Loading, please wait...' shows only until the first page arrives; the pager's buttons wait
 * (busy) while a call runs.
 */
const organisation = (id: number, name: string): AdminOrganisation => ({
  id,
  guid: `guid-${id}`,
  name,
  accountType: 'Charity',
  ownerName: 'Olivia Harper',
  ownerEmail: 'owner@example.com',
  memberCount: 2,
  enabled: true,
  sendingEmailsEnabled: true,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const HARBOUR = organisation(1, 'Harbour Hope');
const QUIET = { ...organisation(3, 'Quiet'), enabled: false, sendingEmailsEnabled: false };
const answer: AdminOrganisationList = {
  list: [HARBOUR, organisation(2, 'Tide'), QUIET],
  totalCount: 25,
};
const disable: SwitchChange = { id: 1, switch: 'enabled', value: false };
const emailsOff: SwitchChange = { id: 1, switch: 'sendingEmails', value: false };
const noChange: SwitchChange = { id: 1, switch: 'enabled', value: true };
const unknown: SwitchChange = { id: 9, switch: 'enabled', value: false };
const enable: SwitchChange = { id: 3, switch: 'enabled', value: true };
const emailsOn: SwitchChange = { id: 3, switch: 'sendingEmails', value: true };
const updated = { ...HARBOUR, enabled: false };
const refusal = { messages: ['You cannot disable the organisation you are signed into.'] };
const busyServer = { messages: ['The server is busy.'] };

const list = pagedListModel<AdminOrganisation, 'confirming' | 'saving'>({
  id: 'adminOrganisations',
  actor: 'listOrganisations',
  sortBy: 'CreatedDate',
  loadFailed: 'Error loading organisations',
  serverWords: busyServer.messages,
});
type Model = ListModel<AdminOrganisation, 'confirming' | 'saving'> & {
  change: SwitchChange | null;
};
const start = (): Model => ({ ...list.start(), change: null });
const isChange = (m: Model, c: SwitchChange) => {
  const o = (m.list ?? []).find((item) => item.id === c.id);
  if (!o) return false;
  return (c.switch === 'enabled' ? o.enabled : o.sendingEmailsEnabled) !== c.value;
};

let model: Model;

function next(m: Model, event: { type: string; [key: string]: unknown }): Model {
  switch (event.type) {
    case 'switch.request': {
      const change = event.change as SwitchChange;
      return m.phase === 'ready' && isChange(m, change)
        ? { ...m, phase: 'confirming', change, alert: null }
        : m;
    }
    case 'cancel':
      return m.phase === 'confirming' ? { ...m, phase: 'ready', change: null } : m;
    case 'confirm':
      return m.phase === 'confirming'
        ? { ...m, phase: 'saving', calls: [...m.calls, { name: 'setSwitch', input: m.change }] }
        : m;
    case 'xstate.done.actor.setSwitch': {
      if (m.phase !== 'saving') return m;
      const output = event.output as AdminOrganisation;
      return {
        ...m,
        phase: 'ready',
        change: null,
        list: (m.list ?? []).map((item) => (item.id === output.id ? output : item)),
        alert: { kind: 'updated', title: null, messages: ['Organisation Updated'] },
      };
    }
    case 'xstate.error.actor.setSwitch':
      return m.phase === 'saving'
        ? {
            ...m,
            phase: 'ready',
            change: null,
            alert: {
              kind: 'updateFailed',
              title: 'Error updating organisation.',
              messages: refusal.messages,
            },
          }
        : m;
    default:
      return m;
  }
}

/** The confirm dialog's texts of issue 19 for each change of a switch. */
const confirmationTexts = (name: string) =>
  ({
    'enabled true': {
      title: 'Enable organisation',
      text: `Enable ${name}? Its members can sign into it again.`,
      confirmLabel: 'Enable',
      danger: false,
    },
    'enabled false': {
      title: 'Disable organisation',
      text: `Disable ${name}? Nobody can sign into it, and everyone signed into it is signed out.`,
      confirmLabel: 'Disable',
      danger: true,
    },
    'sendingEmails true': {
      title: 'Turn emails on',
      text: `Send emails on behalf of ${name} again (invitations)?`,
      confirmLabel: 'Turn on',
      danger: false,
    },
    'sendingEmails false': {
      title: 'Turn emails off',
      text: `Stop sending emails on behalf of ${name}? Its invitations are not sent.`,
      confirmLabel: 'Turn off',
      danger: true,
    },
  }) as const;

function expectConfirmation(s: AdminOrganisationsSnapshot, m: Model) {
  const confirmation = selectSwitchConfirmation(s);
  if (!m.change || (m.phase !== 'confirming' && m.phase !== 'saving')) {
    expect(confirmation).toBeNull();
    return;
  }
  const name = (m.list ?? []).find((item) => item.id === m.change?.id)?.name ?? '';
  const busy = m.phase === 'saving';
  expect(confirmation).toEqual({
    ...confirmationTexts(name)[`${m.change.switch} ${m.change.value}`],
    busy,
  });
}

function expectShown(s: AdminOrganisationsSnapshot, m: Model, calls: FakePromises['calls']) {
  const alert = list.expectShown(
    s,
    m,
    calls,
    {
      loading: selectOrganisationsLoading,
      pageLoading: selectOrganisationsPageLoading,
      loadFailed: selectOrganisationsLoadFailed,
      search: selectOrganisationsSearch,
      page: selectOrganisationsPage,
      alert: selectOrganisationsAlert,
    },
    'saving',
  );
  if (alert) expect(alert.level).toBe(alert.kind === 'updated' ? 'success' : 'danger');
  expect(selectOrganisationRows(s)).toEqual(m.list ?? []);
  expectConfirmation(s, m);
}

/**
 * The spec's table of the list's states: loading (a page is asked; 'Loading, please wait...' or
 * the list waits), searching (the 400 ms after typing; waits too), failed ('Error loading
 * organisations', Retry), ready (the page with its pager and switches), confirming (the confirm
 * dialog), saving (busy, the switch is saved). None ends the flow.
 */
function state(): SpecState {
  const { phase } = model;
  return {
    value: phase,
    tags: { loading: phase === 'loading' || phase === 'searching', busy: phase === 'saving' },
    shown: model,
  };
}

await describePaths({
  machine: adminOrganisationsMachine,
  unhandled: true,
  build: () => {
    const promises = new FakePromises();
    const machine = adminOrganisationsMachine.provide({
      actors: {
        listOrganisations: promises.logic('listOrganisations') as never,
        setSwitch: promises.logic('setSwitch') as never,
      },
    });
    return { machine, promises, spies: { promises } };
  },
  events: [
    { type: 'retry' },
    { type: 'search.change', value: 'tide' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'switch.request', change: disable },
    { type: 'switch.request', change: emailsOff },
    { type: 'switch.request', change: noChange },
    { type: 'switch.request', change: unknown },
    { type: 'switch.request', change: enable },
    { type: 'switch.request', change: emailsOn },
    { type: 'confirm' },
    { type: 'cancel' },
    { type: 'alert.dismiss' },
    ...settled('listOrganisations', [answer], [busyServer]),
    ...settled('setSwitch', [updated], [refusal]),
  ],
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot, elapsedMs }, { promises }) => {
    const before = model;
    model = list.next(model, event as { type: string }, next);
    list.expectWait(before, model, elapsedMs);
    expectShown(snapshot as AdminOrganisationsSnapshot, model, promises.calls);
  },
});

// The generated paths keep one path per (state, event, effect): only the first switch request
// that opens the dialog is walked there. Each of the four changes, and its saving, here.
describe('the confirm dialog of each switch change', () => {
  it.each([
    [disable, HARBOUR.name],
    [emailsOff, HARBOUR.name],
    [enable, QUIET.name],
    [emailsOn, QUIET.name],
  ] as const)('%o asks with the texts of issue 19', (change, name) => {
    const promises = new FakePromises();
    const actor = createActor(
      adminOrganisationsMachine.provide({
        actors: {
          listOrganisations: promises.logic('listOrganisations') as never,
          setSwitch: promises.logic('setSwitch') as never,
        },
      }),
    ).start();
    actor.send({ type: 'xstate.done.actor.listOrganisations', output: answer } as never);
    actor.send({ type: 'switch.request', change });
    const texts = confirmationTexts(name)[`${change.switch} ${change.value}`];
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(selectSwitchConfirmation(actor.getSnapshot())).toEqual({ ...texts, busy: false });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(selectSwitchConfirmation(actor.getSnapshot())).toEqual({ ...texts, busy: true });
    actor.stop();
  });
});
