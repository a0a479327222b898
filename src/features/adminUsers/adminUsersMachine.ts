import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { ADMIN_LIST_PAGE_SIZE, type AdminUser, type AdminUserList } from '../../../contract/admin';
import type { ListRequest } from '../../../contract/lists';
import { failureAlert, type MachineAlert } from '../../machines/alerts';
import { notProvided } from '../../machines/notProvided';
import type { EstablishedSession } from '../../machines/sessionMachine';

/** Spec §8: a failed impersonation. */
export const IMPERSONATE_ERROR = 'Error impersonating user.';
export const LOAD_ERROR = 'Error loading users';
/** Spec §2 (Users table): the Last Login of a user who never signed in. */
export const NEVER_LOGGED_IN = 'Never';

export type AdminUsersAlert = MachineAlert<'impersonate' | 'loadFailed', 'danger'>;

export interface AdminUsersInput {
  /** The host: never offered to impersonate themselves. */
  currentUserId: number;
}

export interface AdminUsersContext {
  currentUserId: number;
  searchString: string;
  page: number;
  /** The shown page of users; null until the first page arrives. */
  list: AdminUser[] | null;
  totalCount: number;
  alert: AdminUsersAlert | null;
  /** The user being impersonated (the call is out), else null. */
  impersonatingId: number | null;
  /** The impersonated session, once the call answered (the machine's output). */
  session: EstablishedSession | null;
}

export type AdminUsersEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'retry' }
  | { type: 'impersonate'; id: number }
  | { type: 'alert.dismiss' };

const pageCountOf = (context: AdminUsersContext) =>
  Math.max(1, Math.ceil(context.totalCount / ADMIN_LIST_PAGE_SIZE));

/** The list request of the current page and search (spec §3 List request). */
export const listRequestOf = (context: AdminUsersContext): ListRequest => ({
  page: context.page,
  pageSize: ADMIN_LIST_PAGE_SIZE,
  sortBy: 'LastLoginDate',
  sortByDescending: true,
  searchString: context.searchString.trim(),
  getTotalCount: true,
});

export const adminUsersMachine = setup({
  types: {
    context: {} as AdminUsersContext,
    events: {} as AdminUsersEvent,
    input: {} as AdminUsersInput,
    output: {} as EstablishedSession,
  },
  actors: {
    listUsers: fromPromise<AdminUserList, ListRequest>(async () => notProvided('listUsers')),
    impersonate: fromPromise<EstablishedSession, { userId: number }>(async () =>
      notProvided('impersonate'),
    ),
  },
  delays: {
    /** The search input is debounced before the list is asked again. */
    searchDebounce: 400,
  },
  guards: {
    hasNextPage: ({ context }) => context.page < pageCountOf(context),
    hasPreviousPage: ({ context }) => context.page > 1,
    isSomeoneElse: ({ context }, id: number) =>
      id !== context.currentUserId && (context.list ?? []).some((user) => user.id === id),
  },
  actions: {
    assignSearch: assign((_, value: string) => ({ searchString: value, page: 1 })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    assignList: assign((_, result: AdminUserList) => ({
      list: result.list,
      totalCount: result.totalCount ?? result.list.length,
    })),
    assignImpersonating: assign((_, id: number) => ({ impersonatingId: id, alert: null })),
    assignSession: assign((_, session: EstablishedSession) => ({ session })),
    impersonationFailed: assign((_, error: unknown) => ({
      impersonatingId: null,
      alert: failureAlert('impersonate', error, IMPERSONATE_ERROR),
    })),
    loadFailed: assign((_, error: unknown) => ({
      alert: failureAlert('loadFailed', error, LOAD_ERROR),
    })),
    dismissAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'adminUsers',
  description:
    "The host's list of every user (/admin/users): searchable and paged; 'Impersonate' starts a session as a user (never oneself), after which the app goes to /feed.",
  context: ({ input }) => ({
    currentUserId: input.currentUserId,
    searchString: '',
    page: 1,
    list: null,
    totalCount: 0,
    alert: null,
    impersonatingId: null,
    session: null,
  }),
  output: ({ context }) => context.session as EstablishedSession,
  initial: 'loading',
  states: {
    loading: {
      description:
        'POST users/listAll: the page of users for the search (20 a page, with the total).',
      tags: ['loading'],
      invoke: {
        id: 'listUsers',
        src: 'listUsers',
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
      description: 'The page of users, with next and previous pages and Impersonate.',
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
        impersonate: {
          guard: { type: 'isSomeoneElse', params: ({ event }) => event.id },
          target: 'impersonating',
          actions: { type: 'assignImpersonating', params: ({ event }) => event.id },
          description: 'Impersonate a listed user other than oneself.',
        },
        'alert.dismiss': { actions: 'dismissAlert', description: 'The alert is closed.' },
      },
    },
    impersonating: {
      description: 'POST auth/impersonate (userId).',
      tags: ['busy'],
      invoke: {
        id: 'impersonate',
        src: 'impersonate',
        input: ({ context }) => ({ userId: context.impersonatingId ?? 0 }),
        onDone: {
          target: 'impersonated',
          actions: { type: 'assignSession', params: ({ event }) => event.output },
          description: 'The session becomes the impersonated one.',
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'impersonationFailed',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
          description: "Spec §8: 'Error impersonating user.'",
        },
      },
    },
    impersonated: {
      type: 'final',
      description:
        'Done: the impersonated session is handed to the app (flow.sessionEstablished), which goes to /feed.',
    },
  },
});

export type AdminUsersSnapshot = SnapshotFrom<typeof adminUsersMachine>;

/** The Last Login column: the date of the last sign-in, or a text ('Never') when there is none. */
export type LastLogin = { kind: 'date'; iso: string } | { kind: 'text'; text: string };

export interface AdminUserRow extends AdminUser {
  /** Impersonate is offered (not for oneself). */
  canImpersonate: boolean;
  lastLogin: LastLogin;
}

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

const lastLoginOf = (user: AdminUser): LastLogin =>
  user.lastLoginDate === null
    ? { kind: 'text', text: NEVER_LOGGED_IN }
    : { kind: 'date', iso: user.lastLoginDate };

export const selectAdminUserRows = (s: AdminUsersSnapshot): AdminUserRow[] =>
  (s.context.list ?? []).map((user) => ({
    ...user,
    canImpersonate: user.id !== s.context.currentUserId,
    lastLogin: lastLoginOf(user),
  }));
export const selectAdminUsersPage = (s: AdminUsersSnapshot): PageInfo => ({
  page: s.context.page,
  pageCount: pageCountOf(s.context),
  totalCount: s.context.totalCount,
  hasPrevious: s.context.page > 1,
  hasNext: s.context.page < pageCountOf(s.context),
  busy: s.hasTag('loading') || s.hasTag('busy'),
});
/** The first page is loading: the panel shows 'Loading, please wait...' instead of the list. */
export const selectAdminUsersLoading = (s: AdminUsersSnapshot) =>
  s.hasTag('loading') && s.context.list === null;
/** A page or a search is loading: the shown list waits (aria-busy). */
export const selectAdminUsersPageLoading = (s: AdminUsersSnapshot) => s.hasTag('loading');
export const selectAdminUsersLoadFailed = (s: AdminUsersSnapshot) => s.matches('failed');
export const selectAdminUsersAlert = (s: AdminUsersSnapshot) => s.context.alert;
export const selectImpersonatingId = (s: AdminUsersSnapshot) => s.context.impersonatingId;
export const selectAdminUsersSearch = (s: AdminUsersSnapshot) => s.context.searchString;
