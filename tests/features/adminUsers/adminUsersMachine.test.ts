import { expect } from 'vitest';
import type { AdminUser, AdminUserList } from '../../../contract/admin';
import {
  adminUsersMachine,
  selectAdminUserRows,
  selectAdminUsersAlert,
  selectAdminUsersLoadFailed,
  selectAdminUsersLoading,
  selectAdminUsersPage,
  selectAdminUsersPageLoading,
  selectAdminUsersSearch,
  selectImpersonatingId,
  type AdminUsersSnapshot,
} from '../../../src/features/adminUsers/adminUsersMachine';
import { makeSession, makeUser } from '../../support/fixtures';
import { describePaths, FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { pagedListModel, type ListModel } from '../../support/recordListModel';

/**
 * The host's users list (issue 19), from its brief and spec §3/§8: POST users/listAll with a List
 * request (page, pageSize 20, searchString, total count); the search waits 400 ms after typing and
 * starts again at page 1; next and previous pages exist only within the total; Impersonate is
 * offered for everyone but oneself; its failure reads 'Error impersonating user.' (with the
 * server's words); its success ends the machine with the impersonated session. A failed load
 * reads 'Error loading users' (above the server's words, if any) with a retry, which clears it;
 * 'Loading, please wait...' shows only until the first page arrives; the pager's buttons wait
 * (busy) while a call runs; Last Login reads 'Never' for who never signed in.
 */
const SELF = 1;
const OTHER = 2;
const user = (id: number, firstName: string, lastLoginDate: string | null = null): AdminUser => ({
  id,
  guid: `guid-${id}`,
  firstName,
  lastName: 'Person',
  email: `${firstName.toLowerCase()}@example.com`,
  isHost: id === SELF,
  accountStatus: 'Active',
  lastLoginDate,
  organisations: [],
});
const answer: AdminUserList = {
  list: [user(SELF, 'Olivia', '2026-11-20T09:30:00.000Z'), user(OTHER, 'Marcus')],
  totalCount: 45,
};
const impersonated = makeSession('impersonated', makeUser({ id: OTHER }));
const refusal = { messages: ['This user cannot sign in.'] };
const busyServer = { messages: ['The server is busy.'] };

const list = pagedListModel<AdminUser, 'impersonating' | 'impersonated'>({
  id: 'adminUsers',
  actor: 'listUsers',
  sortBy: 'LastLoginDate',
  loadFailed: 'Error loading users',
  serverWords: busyServer.messages,
});
type Model = ListModel<AdminUser, 'impersonating' | 'impersonated'> & {
  impersonatingId: number | null;
};
const start = (): Model => ({ ...list.start(), impersonatingId: null });

let model: Model;

function next(m: Model, event: { type: string; [key: string]: unknown }): Model {
  switch (event.type) {
    case 'impersonate': {
      const id = event.id as number;
      if (m.phase !== 'ready' || id === SELF || !(m.list ?? []).some((u) => u.id === id)) return m;
      return {
        ...m,
        phase: 'impersonating',
        impersonatingId: id,
        alert: null,
        calls: [...m.calls, { name: 'impersonate', input: { userId: id } }],
      };
    }
    case 'xstate.done.actor.impersonate':
      return m.phase === 'impersonating' ? { ...m, phase: 'impersonated' } : m;
    case 'xstate.error.actor.impersonate':
      return m.phase === 'impersonating'
        ? {
            ...m,
            phase: 'ready',
            impersonatingId: null,
            alert: {
              kind: 'impersonate',
              title: 'Error impersonating user.',
              messages: refusal.messages,
            },
          }
        : m;
    default:
      return m;
  }
}

function expectShown(s: AdminUsersSnapshot, m: Model, calls: FakePromises['calls']) {
  const alert = list.expectShown(
    s,
    m,
    calls,
    {
      loading: selectAdminUsersLoading,
      pageLoading: selectAdminUsersPageLoading,
      loadFailed: selectAdminUsersLoadFailed,
      search: selectAdminUsersSearch,
      page: selectAdminUsersPage,
      alert: selectAdminUsersAlert,
    },
    'impersonating',
  );
  if (alert) expect(alert.level).toBe('danger');
  expect(selectAdminUserRows(s)).toEqual(
    (m.list ?? []).map((u) => ({
      ...u,
      canImpersonate: u.id !== SELF,
      lastLogin:
        u.lastLoginDate === null
          ? { kind: 'text', text: 'Never' }
          : { kind: 'date', iso: u.lastLoginDate },
    })),
  );
  expect(selectImpersonatingId(s)).toBe(m.impersonatingId);
  // Done: the impersonated session is the machine's output (the app stores it).
  expect(s.status).toBe(m.phase === 'impersonated' ? 'done' : 'active');
  if (m.phase === 'impersonated') expect(s.output).toEqual(impersonated);
}

/**
 * The spec's table of the list's states: loading (a page is asked; 'Loading, please wait...' or
 * the list waits), searching (the 400 ms after typing; waits too), failed ('Error loading users',
 * Retry), ready (the page with its pager and Impersonate), impersonating (busy, auth/impersonate
 * is out), impersonated (the flow ends with the impersonated session).
 */
function state(): SpecState {
  const { phase } = model;
  return {
    value: phase,
    tags: {
      loading: phase === 'loading' || phase === 'searching',
      busy: phase === 'impersonating',
    },
    done: phase === 'impersonated',
    shown: model,
  };
}

await describePaths({
  machine: adminUsersMachine,
  unhandled: true,
  input: { currentUserId: SELF },
  build: () => {
    const promises = new FakePromises();
    const machine = adminUsersMachine.provide({
      actors: {
        listUsers: promises.logic('listUsers') as never,
        impersonate: promises.logic('impersonate') as never,
      },
    });
    return { machine, promises, spies: { promises } };
  },
  events: [
    { type: 'retry' },
    { type: 'search.change', value: 'marcus' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'impersonate', id: OTHER },
    { type: 'impersonate', id: SELF },
    { type: 'alert.dismiss' },
    ...settled('listUsers', [answer], [busyServer]),
    ...settled('impersonate', [impersonated], [refusal]),
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
    expectShown(snapshot as AdminUsersSnapshot, model, promises.calls);
  },
});
