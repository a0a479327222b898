import type { SnapshotFrom } from 'xstate';
import type { PromiseActorLogic } from 'xstate';
import { ADMIN_LIST_PAGE_SIZE, type AdminUser } from '../../../contract/admin';
import type { ListRequest } from '../../../contract/lists';
import {
  createRecordListMachine,
  recordListSelectors,
  type RecordListEvent,
  type RecordPage,
} from '../../machines/recordListFactory';
import type { EstablishedSession } from '../../machines/sessionMachine';

/** Spec §8: a failed impersonation. */
export const IMPERSONATE_ERROR = 'Error impersonating user.';
export const LOAD_ERROR = 'Error loading users';
/** Spec §2 (Users table): the Last Login of a user who never signed in. */
export const NEVER_LOGGED_IN = 'Never';

export interface AdminUsersInput {
  /** The host: never offered to impersonate themselves. */
  currentUserId: number;
}

export type AdminUsersEvent = RecordListEvent | { type: 'impersonate'; id: number };

export const adminUsersMachine = createRecordListMachine({
  types: {} as {
    row: AdminUser;
    result: EstablishedSession;
    input: AdminUsersInput;
    request: number;
    events: AdminUsersEvent;
    actors: {
      listUsers: PromiseActorLogic<RecordPage<AdminUser>, ListRequest>;
      impersonate: PromiseActorLogic<EstablishedSession, { userId: number }>;
    };
  },
  id: 'adminUsers',
  description:
    "The host's list of every user (/admin/users): searchable and paged; 'Impersonate' starts a session as a user (never oneself), after which the app goes to /feed.",
  extra: (input) => ({ currentUserId: input.currentUserId }),
  list: {
    actor: 'listUsers',
    paging: { pageSize: ADMIN_LIST_PAGE_SIZE, sortBy: 'LastLoginDate' },
    loadFailed: LOAD_ERROR,
    description:
      'POST users/listAll: the page of users for the search (20 a page, with the total).',
    readyDescription: 'The page of users, with next and previous pages and Impersonate.',
  },
  actions: [
    {
      event: 'impersonate',
      request: (event: Extract<AdminUsersEvent, { type: 'impersonate' }>) => event.id,
      guard: {
        name: 'isSomeoneElse',
        test: (context, id: number) =>
          id !== context.currentUserId && (context.list ?? []).some((user) => user.id === id),
      },
      description: 'Impersonate a listed user other than oneself.',
      call: {
        state: 'impersonating',
        actor: 'impersonate',
        description: 'POST auth/impersonate (userId).',
        input: (id: number) => ({ userId: id }),
        outcome: {
          kind: 'final',
          description: 'The session becomes the impersonated one.',
          state: 'impersonated',
          stateDescription:
            'Done: the impersonated session is handed to the app (flow.sessionEstablished), which goes to /feed.',
        },
        failed: {
          kind: 'impersonate',
          text: IMPERSONATE_ERROR,
          description: "Spec §8: 'Error impersonating user.'",
        },
      },
    },
  ],
});

export type AdminUsersSnapshot = SnapshotFrom<typeof adminUsersMachine>;

/** The Last Login column: the date of the last sign-in, or a text ('Never') when there is none. */
export type LastLogin = { kind: 'date'; iso: string } | { kind: 'text'; text: string };

export interface AdminUserRow extends AdminUser {
  /** Impersonate is offered (not for oneself). */
  canImpersonate: boolean;
  lastLogin: LastLogin;
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
const list = recordListSelectors(ADMIN_LIST_PAGE_SIZE);
export const selectAdminUsersPage = list.selectPage;
export const selectAdminUsersLoading = list.selectLoading;
export const selectAdminUsersPageLoading = list.selectPageLoading;
export const selectAdminUsersLoadFailed = list.selectLoadFailed;
export const selectAdminUsersAlert = list.selectAlert;
/** The user being impersonated (the call is out), else null. */
export const selectImpersonatingId = (s: AdminUsersSnapshot) => s.context.request;
export const selectAdminUsersSearch = list.selectSearch;
