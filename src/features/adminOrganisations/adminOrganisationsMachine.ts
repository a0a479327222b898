import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminOrganisation,
  type AdminOrganisationList,
} from '../../../contract/admin';
import type { ListRequest } from '../../../contract/lists';
import { failureAlert, type MachineAlert } from '../../machines/alerts';
import { notProvided } from '../../machines/notProvided';

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

export type AdminOrganisationsAlert =
  MachineAlert<'updated', 'success'> | MachineAlert<'updateFailed' | 'loadFailed', 'danger'>;

export interface AdminOrganisationsContext {
  searchString: string;
  page: number;
  /** The shown page of organisations; null until the first page arrives. */
  list: AdminOrganisation[] | null;
  totalCount: number;
  alert: AdminOrganisationsAlert | null;
  /** The change being confirmed or saved, else null. */
  change: SwitchChange | null;
}

export type AdminOrganisationsEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'retry' }
  | { type: 'switch.request'; change: SwitchChange }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'alert.dismiss' };

const pageCountOf = (context: AdminOrganisationsContext) =>
  Math.max(1, Math.ceil(context.totalCount / ADMIN_LIST_PAGE_SIZE));

/** The list request of the current page and search (spec §3 List request). */
export const listRequestOf = (context: AdminOrganisationsContext): ListRequest => ({
  page: context.page,
  pageSize: ADMIN_LIST_PAGE_SIZE,
  sortBy: 'CreatedDate',
  sortByDescending: true,
  searchString: context.searchString.trim(),
  getTotalCount: true,
});

export const adminOrganisationsMachine = setup({
  types: {
    context: {} as AdminOrganisationsContext,
    events: {} as AdminOrganisationsEvent,
  },
  actors: {
    listOrganisations: fromPromise<AdminOrganisationList, ListRequest>(async () =>
      notProvided('listOrganisations'),
    ),
    setSwitch: fromPromise<AdminOrganisation, SwitchChange>(async () => notProvided('setSwitch')),
  },
  delays: {
    /** The search input is debounced before the list is asked again. */
    searchDebounce: 400,
  },
  guards: {
    hasNextPage: ({ context }) => context.page < pageCountOf(context),
    hasPreviousPage: ({ context }) => context.page > 1,
    /** A listed organisation, and a change of its switch (not what it already is). */
    isChange: ({ context }, change: SwitchChange) => {
      const organisation = (context.list ?? []).find((item) => item.id === change.id);
      if (!organisation) return false;
      const current =
        change.switch === 'enabled' ? organisation.enabled : organisation.sendingEmailsEnabled;
      return current !== change.value;
    },
  },
  actions: {
    assignSearch: assign((_, value: string) => ({ searchString: value, page: 1 })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    assignList: assign((_, result: AdminOrganisationList) => ({
      list: result.list,
      totalCount: result.totalCount ?? result.list.length,
    })),
    assignChange: assign((_, change: SwitchChange) => ({ change, alert: null })),
    clearChange: assign({ change: null }),
    applyUpdate: assign(({ context }, updated: AdminOrganisation) => ({
      list: (context.list ?? []).map((item) => (item.id === updated.id ? updated : item)),
      change: null,
      alert: { kind: 'updated', level: 'success', title: null, messages: [UPDATED] } as const,
    })),
    updateFailed: assign((_, error: unknown) => ({
      change: null,
      alert: failureAlert('updateFailed', error, UPDATE_ERROR),
    })),
    loadFailed: assign((_, error: unknown) => ({
      alert: failureAlert('loadFailed', error, LOAD_ERROR),
    })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'adminOrganisations',
  description:
    "The host's list of every organisation (/admin/organisations): searchable and paged; an organisation is enabled or disabled, and its emails switched on or off, after a confirm dialog.",
  context: {
    searchString: '',
    page: 1,
    list: null,
    totalCount: 0,
    alert: null,
    change: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'POST tenants/list: the page of organisations for the search (20 a page).',
      tags: ['loading'],
      invoke: {
        id: 'listOrganisations',
        src: 'listOrganisations',
        input: ({ context }) => listRequestOf(context),
        onDone: {
          target: 'ready',
          actions: { type: 'assignList', params: ({ event }) => event.output },
          description: 'The page is shown.',
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'loadFailed',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
          description: `The list could not be loaded: '${LOAD_ERROR}' with the server's messages.`,
        },
      },
      on: {
        'search.change': {
          target: 'searching',
          actions: { type: 'assignSearch', params: ({ event }) => event.value },
          description: 'A new search while loading: the answer for the old one is not shown.',
        },
      },
    },
    failed: {
      description: `'${LOAD_ERROR}', with a retry.`,
      on: {
        retry: {
          target: 'loading',
          actions: 'dismissAlert',
          description: 'Load the page again (the error is cleared).',
        },
      },
    },
    searching: {
      description: 'The search input is debounced (400 ms) before the first page is asked.',
      tags: ['loading'],
      after: { searchDebounce: { target: 'loading', description: 'Typing paused: search.' } },
      on: {
        'search.change': {
          target: 'searching',
          reenter: true,
          actions: { type: 'assignSearch', params: ({ event }) => event.value },
          description: 'Still typing: the wait starts again.',
        },
      },
    },
    ready: {
      description: 'The page of organisations, with next and previous pages and the switches.',
      on: {
        'search.change': {
          target: 'searching',
          actions: { type: 'assignSearch', params: ({ event }) => event.value },
          description: 'The search changed: back to page 1 once typing pauses.',
        },
        'page.next': {
          guard: 'hasNextPage',
          target: 'loading',
          actions: 'nextPage',
          description: 'The next page, when there is one.',
        },
        'page.previous': {
          guard: 'hasPreviousPage',
          target: 'loading',
          actions: 'previousPage',
          description: 'The previous page, when there is one.',
        },
        'switch.request': {
          guard: { type: 'isChange', params: ({ event }) => event.change },
          target: 'confirming',
          actions: { type: 'assignChange', params: ({ event }) => event.change },
          description: 'Enable, disable, or switch emails: asked first in a confirm dialog.',
        },
        'alert.dismiss': { actions: 'dismissAlert', description: 'The alert is closed.' },
      },
    },
    confirming: {
      description: 'The confirm dialog says what the change does.',
      on: {
        confirm: { target: 'saving', description: 'Confirmed.' },
        cancel: {
          target: 'ready',
          actions: 'clearChange',
          description: 'Cancelled (Escape, outside click, close or Cancel): nothing changes.',
        },
      },
    },
    saving: {
      description: 'POST tenants/setEnabled or tenants/setSendingEmailsEnabled (id, value).',
      tags: ['busy'],
      invoke: {
        id: 'setSwitch',
        src: 'setSwitch',
        input: ({ context }) => context.change ?? { id: 0, switch: 'enabled', value: true },
        onDone: {
          target: 'ready',
          actions: { type: 'applyUpdate', params: ({ event }) => event.output },
          description: "The organisation's row shows the change; 'Organisation Updated'.",
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'updateFailed',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
          description: `'${UPDATE_ERROR}' with the server's messages.`,
        },
      },
    },
  },
});

export type AdminOrganisationsSnapshot = SnapshotFrom<typeof adminOrganisationsMachine>;

export interface PageInfo {
  page: number;
  pageCount: number;
  totalCount: number;
  /** There is a previous page (else the button can never be used on this page). */
  hasPrevious: boolean;
  /** There is a next page. */
  hasNext: boolean;
  /** A page is loading or a call runs: the buttons wait (and keep the focus). */
  busy: boolean;
}

export interface SwitchConfirmation {
  title: string;
  text: string;
  confirmLabel: string;
  /** Disabling or stopping emails is styled as destructive. */
  danger: boolean;
  busy: boolean;
}

export const selectOrganisationRows = (s: AdminOrganisationsSnapshot) => s.context.list ?? [];
export const selectOrganisationsPage = (s: AdminOrganisationsSnapshot): PageInfo => ({
  page: s.context.page,
  pageCount: pageCountOf(s.context),
  totalCount: s.context.totalCount,
  hasPrevious: s.context.page > 1,
  hasNext: s.context.page < pageCountOf(s.context),
  busy: s.hasTag('loading') || s.hasTag('busy'),
});
/** The first page is loading: the panel shows 'Loading, please wait...' instead of the list. */
export const selectOrganisationsLoading = (s: AdminOrganisationsSnapshot) =>
  s.hasTag('loading') && s.context.list === null;
/** A page or a search is loading: the shown list waits (aria-busy). */
export const selectOrganisationsPageLoading = (s: AdminOrganisationsSnapshot) =>
  s.hasTag('loading');
export const selectOrganisationsLoadFailed = (s: AdminOrganisationsSnapshot) => s.matches('failed');
export const selectOrganisationsAlert = (s: AdminOrganisationsSnapshot) => s.context.alert;
export const selectOrganisationsSearch = (s: AdminOrganisationsSnapshot) => s.context.searchString;

/** What the confirm dialog says about the change being confirmed (or saved), else null. */
export function selectSwitchConfirmation(s: AdminOrganisationsSnapshot): SwitchConfirmation | null {
  const { change, list } = s.context;
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
