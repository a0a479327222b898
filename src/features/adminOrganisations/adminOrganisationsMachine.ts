import type { SnapshotFrom } from 'xstate';
import type { PromiseActorLogic } from 'xstate';
import { ADMIN_LIST_PAGE_SIZE, type AdminOrganisation } from '../../../contract/admin';
import type { ListRequest } from '../../../contract/lists';
import {
  createRecordListMachine,
  recordListSelectors,
  type RecordListEvent,
  type RecordPage,
} from '../../machines/recordListFactory';

export const UPDATE_ERROR = 'Error updating organisation.';
export const UPDATED = 'Organisation Updated';
export const LOAD_ERROR = 'Error loading organisations';

/** Which switch of an organisation: enabled, or sending emails. */
export type OrganisationSwitch = 'enabled' | 'sendingEmails';

/** A switch the host asked to change, waiting for the confirm dialog. */
export interface SwitchChange {
  id: number;
  switch: OrganisationSwitch;
  value: boolean;
}

export type AdminOrganisationsEvent =
  RecordListEvent | { type: 'switch.request'; change: SwitchChange };

export const adminOrganisationsMachine = createRecordListMachine({
  types: {} as {
    row: AdminOrganisation;
    result: AdminOrganisation;
    input: undefined;
    request: SwitchChange;
    events: AdminOrganisationsEvent;
    actors: {
      listOrganisations: PromiseActorLogic<RecordPage<AdminOrganisation>, ListRequest>;
      setSwitch: PromiseActorLogic<AdminOrganisation, SwitchChange>;
    };
  },
  id: 'adminOrganisations',
  description:
    "The host's list of every organisation (/admin/organisations): searchable and paged; an organisation is enabled or disabled, and its emails switched on or off, after a confirm dialog.",
  extra: () => ({}),
  list: {
    actor: 'listOrganisations',
    paging: { pageSize: ADMIN_LIST_PAGE_SIZE, sortBy: 'CreatedDate' },
    loadFailed: LOAD_ERROR,
    description: 'POST tenants/list: the page of organisations for the search (20 a page).',
    readyDescription: 'The page of organisations, with next and previous pages and the switches.',
  },
  actions: [
    {
      event: 'switch.request',
      request: (event: Extract<AdminOrganisationsEvent, { type: 'switch.request' }>) =>
        event.change,
      guard: {
        /** A listed organisation, and a change of its switch (not what it already is). */
        name: 'isChange',
        test: (context, change: SwitchChange) => {
          const organisation = (context.list ?? []).find((item) => item.id === change.id);
          if (!organisation) return false;
          const current =
            change.switch === 'enabled' ? organisation.enabled : organisation.sendingEmailsEnabled;
          return current !== change.value;
        },
      },
      description: 'Enable, disable, or switch emails: asked first in a confirm dialog.',
      confirm: {
        state: 'confirming',
        description: 'The confirm dialog says what the change does.',
        confirmDescription: 'Confirmed.',
        cancelDescription: 'Cancelled (Escape, outside click, close or Cancel): nothing changes.',
      },
      call: {
        state: 'saving',
        actor: 'setSwitch',
        description: 'POST tenants/setEnabled or tenants/setSendingEmailsEnabled (id, value).',
        input: (change: SwitchChange) => change,
        outcome: {
          kind: 'row',
          description: "The organisation's row shows the change; 'Organisation Updated'.",
          alert: { kind: 'updated', text: UPDATED },
        },
        failed: {
          kind: 'updateFailed',
          text: UPDATE_ERROR,
          description: `'${UPDATE_ERROR}' with the server's messages.`,
        },
      },
    },
  ],
});

export type AdminOrganisationsSnapshot = SnapshotFrom<typeof adminOrganisationsMachine>;

export interface SwitchConfirmation {
  title: string;
  text: string;
  confirmLabel: string;
  /** Disabling or stopping emails is styled as destructive. */
  danger: boolean;
  busy: boolean;
}

const list = recordListSelectors(ADMIN_LIST_PAGE_SIZE);
export const selectOrganisationRows = (s: AdminOrganisationsSnapshot) => list.selectRows(s);
export const selectOrganisationsPage = list.selectPage;
export const selectOrganisationsLoading = list.selectLoading;
export const selectOrganisationsPageLoading = list.selectPageLoading;
export const selectOrganisationsLoadFailed = list.selectLoadFailed;
export const selectOrganisationsAlert = list.selectAlert;
export const selectOrganisationsSearch = list.selectSearch;

/** What the confirm dialog says about the change being confirmed (or saved), else null. */
export function selectSwitchConfirmation(s: AdminOrganisationsSnapshot): SwitchConfirmation | null {
  const { request: change, list } = s.context;
  if (!change || !(s.matches('confirming') || s.matches('saving'))) return null;
  const name = (list ?? []).find((item) => item.id === change.id)?.name ?? '';
  const busy = s.matches('saving');
  if (change.switch === 'enabled') {
    return change.value
      ? {
          title: 'Enable organisation',
          text: `Enable ${name}? Its members can sign into it again.`,
          confirmLabel: 'Enable',
          danger: false,
          busy,
        }
      : {
          title: 'Disable organisation',
          text: `Disable ${name}? Nobody can sign into it, and everyone signed into it is signed out.`,
          confirmLabel: 'Disable',
          danger: true,
          busy,
        };
  }
  return change.value
    ? {
        title: 'Turn emails on',
        text: `Send emails on behalf of ${name} again (invitations)?`,
        confirmLabel: 'Turn on',
        danger: false,
        busy,
      }
    : {
        title: 'Turn emails off',
        text: `Stop sending emails on behalf of ${name}? Its invitations are not sent.`,
        confirmLabel: 'Turn off',
        danger: true,
        busy,
      };
}
