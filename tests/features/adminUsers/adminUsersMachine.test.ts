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
import { describePaths, FakePromises } from '../../support/pathHarness';

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

type Phase = 'loading' | 'failed' | 'searching' | 'ready' | 'impersonating' | 'impersonated';
interface Model {
  phase: Phase;
  search: string;
  page: number;
  list: AdminUser[] | null;
  total: number;
  alert: { kind: string; title: string | null; messages: string[] } | null;
  impersonatingId: number | null;
  calls: { name: string; input: unknown }[];
}

const request = (m: Pick<Model, 'page' | 'search'>) => ({
  name: 'listUsers',
  input: {
    page: m.page,
    pageSize: 20,
    sortBy: 'LastLoginDate',
    sortByDescending: true,
    searchString: m.search.trim(),
    getTotalCount: true,
  },
});
const start = (): Model => ({
  phase: 'loading',
  search: '',
  page: 1,
  list: null,
  total: 0,
  alert: null,
  impersonatingId: null,
  calls: [request({ page: 1, search: '' })],
});
const pages = (m: Model) => Math.max(1, Math.ceil(m.total / 20));
const load = (m: Model, page: number): Model => ({
  ...m,
  phase: 'loading',
  page,
  calls: [...m.calls, request({ page, search: m.search })],
});

let model: Model;

function next(m: Model, event: { type: string; [key: string]: unknown }): Model {
  switch (event.type) {
    case 'xstate.done.actor.listUsers': {
      const output = event.output as AdminUserList;
      return m.phase === 'loading'
        ? { ...m, phase: 'ready', list: output.list, total: output.totalCount ?? 0 }
        : m;
    }
    case 'xstate.error.actor.listUsers': {
      if (m.phase !== 'loading') return m;
      // The spec's text as the title above the server's words (titledFailure); the path
      // generator keeps one error per step, so the one with words (the param is checked too).
      const alert = {
        kind: 'loadFailed',
        title: 'Error loading users',
        messages: busyServer.messages,
      };
      return { ...m, phase: 'failed', alert };
    }
    case 'retry':
      return m.phase === 'failed' ? { ...load(m, m.page), alert: null } : m;
    case 'search.change':
      return m.phase === 'loading' || m.phase === 'ready' || m.phase === 'searching'
        ? { ...m, phase: 'searching', search: event.value as string, page: 1 }
        : m;
    case 'xstate.after.searchDebounce.adminUsers.searching':
      return m.phase === 'searching' ? load(m, 1) : m;
    case 'page.next':
      return m.phase === 'ready' && m.page < pages(m) ? load(m, m.page + 1) : m;
    case 'page.previous':
      return m.phase === 'ready' && m.page > 1 ? load(m, m.page - 1) : m;
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
    case 'alert.dismiss':
      return m.phase === 'ready' ? { ...m, alert: null } : m;
    default:
      return m;
  }
}

function expectShown(s: AdminUsersSnapshot, m: Model, calls: FakePromises['calls']) {
  expect(s.value).toBe(m.phase);
  expect(calls).toEqual(m.calls);
  const pageLoading = m.phase === 'loading' || m.phase === 'searching';
  // 'Loading, please wait...' until the first page arrives; then the shown list waits.
  expect(selectAdminUsersLoading(s)).toBe(pageLoading && m.list === null);
  expect(selectAdminUsersPageLoading(s)).toBe(pageLoading);
  expect(selectAdminUsersLoadFailed(s)).toBe(m.phase === 'failed');
  expect(selectAdminUsersSearch(s)).toBe(m.search);
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
  // Previous and Next are disabled only past the first and last page; busy while a call runs.
  expect(selectAdminUsersPage(s)).toEqual({
    page: m.page,
    pageCount: pages(m),
    totalCount: m.total,
    hasPrevious: m.page > 1,
    hasNext: m.page < pages(m),
    busy: pageLoading || m.phase === 'impersonating',
  });
  expect(selectImpersonatingId(s)).toBe(m.impersonatingId);
  const alert = selectAdminUsersAlert(s);
  expect(
    alert === null ? null : { kind: alert.kind, title: alert.title, messages: alert.messages },
  ).toEqual(m.alert);
  if (alert) expect(alert.level).toBe('danger');
  // Done: the impersonated session is the machine's output (the app stores it).
  expect(s.status).toBe(m.phase === 'impersonated' ? 'done' : 'active');
  if (m.phase === 'impersonated') expect(s.output).toEqual(impersonated);
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
    { type: 'xstate.done.actor.listUsers', output: answer },
    { type: 'xstate.error.actor.listUsers', error: busyServer },
    { type: 'xstate.done.actor.impersonate', output: impersonated },
    { type: 'xstate.error.actor.impersonate', error: refusal },
  ],
  afterStep: ({ event, snapshot, index, elapsedMs }, { promises }) => {
    if (index === 0) model = start();
    const before = model;
    model = next(model, event as { type: string });
    // The search waits 400 ms after the last keystroke.
    expect(elapsedMs).toBe(before.phase === 'searching' && model.phase === 'loading' ? 400 : 0);
    expectShown(snapshot as AdminUsersSnapshot, model, promises.calls);
  },
});
