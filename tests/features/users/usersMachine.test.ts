/**
 * Generated paths of the users machine, checked against a model written from spec §2.3 Users
 * screen, §4 Invitation and Users screen, §6 and §8: the lists load with the team list payload
 * ('Error getting user details, reload page' / 'Error getting invited user details, reload
 * page'); the modes list, invite, resend and edit; the owner and the current user cannot be
 * edited or deleted; an accepted invitation cannot be resent; after a successful action ('Invitation
 * Sent', 'User Updated', 'User Deleted', 'Invitation Deleted') the list loads again.
 */
import { expect } from 'vitest';
import type { TeamUser, UserInvitation } from '../../../contract/team';
import * as team from '../../../src/features/users/usersMachine';
import { describePaths, FakePromises, settled, type SpecState } from '../../support/pathHarness';

const SELF = 1;
const MEMBER = 2;
const OWNER = 3;
const user = (id: number, owner: boolean, role: 0 | 1): TeamUser => ({
  id,
  guid: `user-${id}`,
  firstName: `First${id}`,
  lastName: `Last${id}`,
  email: `u${id}@example.org`,
  emailConfirmed: id !== MEMBER,
  userRole: role,
  owner,
  loginEnabled: true,
  lastLoginDate: id === MEMBER ? null : '2026-11-20T10:00:00.000Z',
});
const users = [user(SELF, false, 1), user(MEMBER, false, 0), user(OWNER, true, 1)];

const PENDING = 10;
const ACCEPTED = 11;
const LAPSED = 12;
const LOADED_AT = '2026-11-26T12:00:00.000Z';
const invitation = (
  id: number,
  status: UserInvitation['userInvitationStatus'],
  expiryDate: string,
): UserInvitation => ({
  id,
  guid: `invitation-${id}`,
  firstName: `Guest${id}`,
  lastName: 'Person',
  email: `g${id}@example.org`,
  acceptedEmailAddress: null,
  message: `Welcome, guest ${id}`,
  userRole: 0,
  canChangeEmailAddress: false,
  userInvitationKey: `key-${id}`,
  userInvitationStatus: status,
  expiryDate,
  responseMessage: null,
  loginEnabled: true,
});
const invitations = [
  invitation(PENDING, 'Pending', '2026-12-03T12:00:00.000Z'),
  invitation(ACCEPTED, 'Accepted', '2026-11-30T12:00:00.000Z'),
  // Stored Pending, but its expiry passed before the list loaded: shown Expired.
  invitation(LAPSED, 'Pending', '2026-11-25T12:00:00.000Z'),
];
const submission = {
  firstName: 'Nia',
  lastName: 'Cole',
  email: 'nia@example.org',
  message: 'Join us',
  userRole: 0 as const,
  canChangeEmailAddress: true,
};
const changes = { userRole: 1 as const, loginEnabled: false };

type Phase =
  | 'loadingUsers'
  | 'loadingInvitations'
  | 'loadFailed'
  | 'list'
  | 'invite'
  | 'inviteSending'
  | 'resend'
  | 'resendSending'
  | 'edit'
  | 'editSaving'
  | 'confirmUser'
  | 'deletingUser'
  | 'confirmInvitation'
  | 'deletingInvitation';
interface Model {
  phase: Phase;
  loadedUsers: boolean;
  loadedInvitations: boolean;
  selected: number | null;
  alert: { level: 'success' | 'danger'; kind: string; text: string } | null;
  calls: { name: string; input: unknown }[];
}
const start = (): Model => ({
  phase: 'loadingUsers',
  loadedUsers: false,
  loadedInvitations: false,
  selected: null,
  alert: null,
  calls: [{ name: 'listUsers', input: team.TEAM_LIST_REQUEST }],
});
let model = start();

const reload = (m: Model, text: string): Model => ({
  ...m,
  phase: 'loadingUsers',
  alert: { level: 'success', kind: 'done', text },
  calls: [...m.calls, { name: 'listUsers', input: team.TEAM_LIST_REQUEST }],
});
const failed = (m: Model, phase: Phase, text: string, error: unknown): Model => ({
  ...m,
  phase,
  alert: {
    level: 'danger',
    kind: 'failed',
    text: error === serverRefusal ? REFUSAL : text,
  },
});
const REFUSAL = 'Organisation Owner cannot be edited';
const serverRefusal = { messages: [REFUSAL] };
const editable = (id: number) => id === MEMBER;

/** A call goes out (its phase, its name and input); an alert shown before is cleared. */
const calling = (m: Model, phase: Model['phase'], name: string, input: unknown): Model => ({
  ...m,
  phase,
  alert: null,
  calls: [...m.calls, { name, input }],
});

/** A load failed: its text (spec §8), with a retry. */
const loadFailed = (m: Model, text: string): Model => ({
  ...m,
  phase: 'loadFailed',
  alert: { level: 'danger', kind: 'loadFailed', text },
});

function next(m: Model, event: { type: string; id?: number; error?: unknown }): Model {
  const listing = m.phase === 'list';
  switch (event.type) {
    case 'xstate.done.actor.listUsers':
      return m.phase === 'loadingUsers'
        ? {
            ...m,
            phase: 'loadingInvitations',
            loadedUsers: true,
            calls: [...m.calls, { name: 'listInvitations', input: team.TEAM_LIST_REQUEST }],
          }
        : m;
    case 'xstate.error.actor.listUsers':
      return m.phase === 'loadingUsers'
        ? loadFailed(m, 'Error getting user details, reload page')
        : m;
    case 'xstate.done.actor.listInvitations':
      return m.phase === 'loadingInvitations'
        ? { ...m, phase: 'list', loadedInvitations: true, selected: null }
        : m;
    case 'xstate.error.actor.listInvitations':
      return m.phase === 'loadingInvitations'
        ? loadFailed(m, 'Error getting invited user details, reload page')
        : m;
    case 'retry':
      return m.phase === 'loadFailed'
        ? {
            ...m,
            phase: 'loadingUsers',
            alert: null,
            calls: [...m.calls, { name: 'listUsers', input: team.TEAM_LIST_REQUEST }],
          }
        : m;
    case 'invite.start':
      return listing ? { ...m, phase: 'invite', alert: null } : m;
    case 'resend.start':
      // An accepted invitation cannot be resent; a pending one (even a lapsed one) can.
      return listing && event.id !== ACCEPTED
        ? { ...m, phase: 'resend', selected: event.id ?? null, alert: null }
        : m;
    case 'edit.start':
      return listing && editable(event.id ?? 0)
        ? { ...m, phase: 'edit', selected: event.id ?? null, alert: null }
        : m;
    case 'user.delete':
      return listing && editable(event.id ?? 0)
        ? { ...m, phase: 'confirmUser', selected: event.id ?? null, alert: null }
        : m;
    case 'invitation.delete':
      return listing
        ? { ...m, phase: 'confirmInvitation', selected: event.id ?? null, alert: null }
        : m;
    case 'cancel':
      return [
        'invite',
        'inviteSending',
        'resend',
        'resendSending',
        'edit',
        'editSaving',
        'confirmUser',
        'confirmInvitation',
      ].includes(m.phase)
        ? { ...m, phase: 'list', selected: null }
        : m;
    case 'form.submit':
      if (m.phase === 'invite') {
        return calling(m, 'inviteSending', 'upsertInvitation', submission);
      }
      if (m.phase === 'resend') {
        return calling(m, 'resendSending', 'upsertInvitation', { ...submission, id: m.selected });
      }
      return m;
    case 'user.save':
      return m.phase === 'edit'
        ? calling(m, 'editSaving', 'updateUser', { id: m.selected, ...changes })
        : m;
    case 'confirm':
      if (m.phase === 'confirmUser') {
        return calling(m, 'deletingUser', 'deleteUser', { id: m.selected });
      }
      if (m.phase === 'confirmInvitation') {
        return calling(m, 'deletingInvitation', 'deleteInvitation', { id: m.selected });
      }
      return m;
    case 'xstate.done.actor.upsertInvitation':
      return m.phase === 'inviteSending' || m.phase === 'resendSending'
        ? reload(m, 'Invitation Sent')
        : m;
    case 'xstate.error.actor.upsertInvitation':
      if (m.phase === 'inviteSending')
        return failed(
          m,
          'invite',
          'The invitation could not be sent, please try again.',
          event.error,
        );
      if (m.phase === 'resendSending')
        return failed(
          m,
          'resend',
          'The invitation could not be sent, please try again.',
          event.error,
        );
      return m;
    case 'xstate.done.actor.updateUser':
      return m.phase === 'editSaving' ? reload(m, 'User Updated') : m;
    case 'xstate.error.actor.updateUser':
      return m.phase === 'editSaving'
        ? failed(m, 'edit', 'The user could not be updated, please try again.', event.error)
        : m;
    case 'xstate.done.actor.deleteUser':
      return m.phase === 'deletingUser' ? reload(m, 'User Deleted') : m;
    case 'xstate.error.actor.deleteUser':
      return m.phase === 'deletingUser'
        ? {
            ...failed(m, 'list', 'The user could not be deleted, please try again.', event.error),
            selected: null,
          }
        : m;
    case 'xstate.done.actor.deleteInvitation':
      return m.phase === 'deletingInvitation' ? reload(m, 'Invitation Deleted') : m;
    case 'xstate.error.actor.deleteInvitation':
      return m.phase === 'deletingInvitation'
        ? {
            ...failed(
              m,
              'list',
              'The invitation could not be deleted, please try again.',
              event.error,
            ),
            selected: null,
          }
        : m;
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

const modeOf: Partial<Record<Phase, string>> = {
  invite: 'invite',
  inviteSending: 'invite',
  resend: 'resend',
  resendSending: 'resend',
  edit: 'edit',
  editSaving: 'edit',
};

/**
 * The spec's table of the Users screen's states, one per phase of the model (spec §2.3 Users
 * screen, §4 Invitation and Users screen). The flow never ends.
 */
const valueOf: Record<Phase, SpecState['value']> = {
  // POST users/list, then POST userinvitations/list with the same list payload.
  loadingUsers: 'loadingUsers',
  loadingInvitations: 'loadingInvitations',
  // A load failed ('Error getting user details, reload page' or the invited users'): reload.
  loadFailed: 'loadFailed',
  // Mode list: the Users and Invited Users tables.
  list: 'list',
  // Mode invite: the form, then POST userinvitations/upsert without an id.
  invite: { invite: 'editing' },
  inviteSending: { invite: 'sending' },
  // Mode resend: the form filled in from the invitation, then the upsert with its id.
  resend: { resend: 'editing' },
  resendSending: { resend: 'sending' },
  // Mode edit: the role and Login enabled, then POST users/updateUser.
  edit: { edit: 'editing' },
  editSaving: { edit: 'saving' },
  // The confirm dialog, then DELETE users/deleteUser.
  confirmUser: 'confirmingUserDelete',
  deletingUser: 'deletingUser',
  // The confirm dialog, then DELETE userinvitations/delete.
  confirmInvitation: 'confirmingInvitationDelete',
  deletingInvitation: 'deletingInvitation',
};
const state = (): SpecState => ({ value: valueOf[model.phase], done: false, shown: model });

function expectShown(s: team.UsersSnapshot, m: Model, calls: FakePromises['calls']) {
  expect(team.selectUsersLoading(s)).toBe(
    m.phase === 'loadingUsers' || m.phase === 'loadingInvitations',
  );
  expect(team.selectUsersLoadFailed(s)).toBe(m.phase === 'loadFailed');
  expect(team.selectUsersMode(s)).toBe(modeOf[m.phase] ?? 'list');
  expect(team.selectUsersBusy(s)).toBe(
    ['inviteSending', 'resendSending', 'editSaving', 'deletingUser', 'deletingInvitation'].includes(
      m.phase,
    ),
  );
  const alert = team.selectUsersAlert(s);
  expect(alert && { level: alert.level, kind: alert.kind, text: alert.messages.join(' ') }).toEqual(
    m.alert,
  );
  expect(calls).toEqual(m.calls);

  // The tables (spec §2.3): locks for oneself and the owner; a lapsed Pending shows Expired.
  const rows = team.selectUserRows(s);
  if (m.loadedUsers) {
    expect(rows.map((r) => [r.id, r.lock])).toEqual([
      [SELF, 'Current users cannot edit themselves'],
      [MEMBER, null],
      [OWNER, 'Organisation Owner cannot be edited'],
    ]);
  } else expect(rows).toEqual([]);
  const invitationRows = team.selectInvitationRows(s);
  if (m.loadedInvitations) {
    expect(
      invitationRows.map((r) => [
        r.id,
        r.shownStatus,
        r.canResend,
        r.removal,
        r.showsLink,
        r.badgeLevel,
      ]),
    ).toEqual([
      // Spec §4: the badge is Info for Pending, Success for Accepted, Warning for Expired.
      [PENDING, 'Pending', true, 'cancel', true, 'Info'],
      [ACCEPTED, 'Accepted', false, 'delete', false, 'Success'],
      [LAPSED, 'Expired', true, 'delete', false, 'Warning'],
    ]);
  } else expect(invitationRows).toEqual([]);

  // The forms and the confirm dialog show what was chosen.
  expect(team.selectResendInvitation(s)?.id ?? null).toBe(
    modeOf[m.phase] === 'resend' ? m.selected : null,
  );
  // The resend form starts from the invitation's own fields (spec §2.3: the form, filled in).
  const resent = invitations.find((i) => i.id === m.selected);
  expect(team.selectResendForm(s)).toEqual(
    modeOf[m.phase] === 'resend' && resent
      ? {
          id: resent.id,
          firstName: resent.firstName,
          lastName: resent.lastName,
          email: resent.email,
          message: resent.message,
          userRole: resent.userRole,
          canChangeEmailAddress: resent.canChangeEmailAddress,
        }
      : null,
  );
  expect(team.selectEditedUser(s)?.id ?? null).toBe(modeOf[m.phase] === 'edit' ? m.selected : null);
  // The edit form's user carries its lock, as in the table (none for a user one may edit).
  const edited = team.selectEditedUserRow(s);
  expect(edited && [edited.id, edited.lock]).toEqual(
    modeOf[m.phase] === 'edit' ? [m.selected, null] : null,
  );
  const confirmation = team.selectDeleteConfirmation(s);
  if (m.phase === 'confirmUser' || m.phase === 'deletingUser') {
    expect(confirmation).toEqual({
      kind: 'user',
      name: 'First2 Last2',
      busy: m.phase === 'deletingUser',
    });
  } else if (m.phase === 'confirmInvitation' || m.phase === 'deletingInvitation') {
    const chosen = invitations.find((i) => i.id === m.selected);
    expect(confirmation).toEqual({
      kind: 'invitation',
      name: `${chosen?.firstName} Person`,
      busy: m.phase === 'deletingInvitation',
    });
  } else expect(confirmation).toBeNull();
}

await describePaths({
  machine: team.usersMachine,
  unhandled: true,
  input: { currentUserId: SELF },
  build: () => {
    const promises = new FakePromises();
    const machine = team.usersMachine.provide({
      actors: {
        listUsers: promises.logic('listUsers') as never,
        listInvitations: promises.logic('listInvitations') as never,
        upsertInvitation: promises.logic('upsertInvitation') as never,
        updateUser: promises.logic('updateUser') as never,
        deleteUser: promises.logic('deleteUser') as never,
        deleteInvitation: promises.logic('deleteInvitation') as never,
      },
    });
    return { machine, promises, spies: { promises } };
  },
  events: [
    { type: 'retry' },
    { type: 'invite.start' },
    { type: 'resend.start', id: PENDING },
    { type: 'resend.start', id: ACCEPTED },
    { type: 'edit.start', id: MEMBER },
    { type: 'edit.start', id: OWNER },
    { type: 'edit.start', id: SELF },
    { type: 'user.delete', id: MEMBER },
    { type: 'user.delete', id: SELF },
    { type: 'invitation.delete', id: PENDING },
    { type: 'form.submit', values: submission },
    { type: 'user.save', changes },
    { type: 'confirm' },
    { type: 'cancel' },
    { type: 'alert.dismiss' },
    ...settled('listUsers', [users], [new Error('down')]),
    ...settled('listInvitations', [{ invitations, loadedAt: LOADED_AT }], [new Error('down')]),
    ...settled('upsertInvitation', [invitations[0]], [serverRefusal, new Error('down')]),
    ...settled('updateUser', [users[1]], [new Error('down')]),
    ...settled('deleteUser', [{ deleted: true }], [serverRefusal]),
    ...settled('deleteInvitation', [{ deleted: true }], [new Error('down')]),
  ],
  afterStep: ({ event, snapshot }, { promises }) => {
    model = next(model, event as { type: string; id?: number; error?: unknown });
    expectShown(snapshot as team.UsersSnapshot, model, promises.calls);
  },
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
});
