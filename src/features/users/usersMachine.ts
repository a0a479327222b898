import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { UserRole } from '../../../contract/enums';
import {
  invitationAllows,
  invitationBadgeLevel,
  shownInvitationStatus,
} from '../../../contract/invitationStatusMachine';
import type { ListRequest } from '../../../contract/lists';
import {
  teamTexts,
  type TeamUser,
  type UpdateUserRequest,
  type UpsertInvitationRequest,
  type UserInvitation,
} from '../../../contract/team';
import type { MachineAlert } from '../../machines/alerts';
import { messagesFrom } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';

/**
 * Spec §7.2 'List users and invitations': page 1, pageSize 999, sortBy LastLoginDate descending,
 * an empty searchString, the total count requested.
 */
export const TEAM_LIST_REQUEST: ListRequest = {
  page: 1,
  pageSize: 999,
  sortBy: 'LastLoginDate',
  sortByDescending: true,
  searchString: '',
  getTotalCount: true,
};

export interface UsersInput {
  /** The signed-in Administrator: they cannot edit or delete themselves. */
  currentUserId: number;
}

/** What the invite and resend forms submit (the id comes from the invitation being resent). */
export type InvitationSubmission = Omit<UpsertInvitationRequest, 'id' | 'message'> & {
  message: string;
};

/** What the edit user form submits. */
export interface UserChanges {
  userRole: UserRole;
  loginEnabled: boolean;
}

export type UsersAlert = MachineAlert<'loadFailed' | 'done' | 'failed'>;

export interface UsersContext {
  currentUserId: number;
  users: TeamUser[];
  invitations: UserInvitation[];
  /** When the invitations were loaded (ISO): a Pending one past its expiry shows as Expired. */
  loadedAt: string | null;
  /** The invitation being resent, the user being edited or deleted, or the invitation deleted. */
  selectedId: number | null;
  alert: UsersAlert | null;
}

export type UsersEvent =
  | { type: 'retry' }
  | { type: 'invite.start' }
  | { type: 'resend.start'; id: number }
  | { type: 'edit.start'; id: number }
  | { type: 'user.delete'; id: number }
  | { type: 'invitation.delete'; id: number }
  | { type: 'form.submit'; values: InvitationSubmission }
  | { type: 'user.save'; changes: UserChanges }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'alert.dismiss' };

/** The invitations as listed: their loading time, for the shown status. */
export interface LoadedInvitations {
  invitations: UserInvitation[];
  loadedAt: string;
}

/** Ours: the spec words no failure of these actions; the server's messages show when it gives some. */
export const usersTexts = {
  inviteFailed: 'The invitation could not be sent, please try again.',
  updateFailed: 'The user could not be updated, please try again.',
  deleteUserFailed: 'The user could not be deleted, please try again.',
  deleteInvitationFailed: 'The invitation could not be deleted, please try again.',
} as const;

const done = (message: string): UsersAlert => ({
  kind: 'done',
  level: 'success',
  title: null,
  messages: [message],
});

/** A failed call's error with the text shown when the server gives no words of its own. */
const failedWith =
  (text: string) =>
  ({ event }: { event: ErrorActorEvent }) => ({ error: event.error, text });

const INVITATION_SENT = "'Invitation Sent'; back to the list, loaded again.";
const FORM_KEPT = "The server's messages; the form is kept.";

/** A call succeeded: its alert, and back to the list, loaded again (spec §4 Users screen). */
const reloaded = (text: string, description: string) =>
  ({
    target: '#users.loadingUsers',
    actions: { type: 'assignAlert', params: done(text) },
    description,
  }) as const;

/** A call failed: the server's messages (or ours), in the form or in the list. */
const failed = <T extends 'editing' | 'list'>(target: T, text: string, description: string) =>
  ({ target, actions: { type: 'assignFailure', params: failedWith(text) }, description }) as const;

/** A form's state: its submit event leads to its call. */
const editing = <E extends 'form.submit' | 'user.save', C extends 'sending' | 'saving'>(
  description: string,
  submit: E,
  call: C,
  submitDescription: string,
) =>
  ({
    description,
    on: { [submit]: { target: call, actions: 'clearAlert', description: submitDescription } },
  }) as {
    description: string;
    on: Record<E, { target: C; actions: 'clearAlert'; description: string }>;
  };

/** A mode with a form: cancel goes back to the list from any of its states. */
const formMode = {
  initial: 'editing',
  on: { cancel: { target: 'list', description: 'Back to the list.' } },
} as const;

/**
 * The invite and resend modes: the invitation form, then POST userinvitations/upsert with what
 * `input` makes of the form (and the invitation resent), back to the list when sent.
 */
const invitationMode = (
  description: string,
  send: string,
  sendingDescription: string,
  input: (args: { context: UsersContext; event: UsersEvent }) => UpsertInvitationRequest,
) => ({
  description,
  ...formMode,
  states: {
    editing: editing(
      'The form; what was typed stays through a failure.',
      'form.submit',
      'sending',
      send,
    ),
    sending: {
      description: sendingDescription,
      invoke: {
        id: 'upsertInvitation',
        src: 'upsertInvitation' as const,
        input,
        onDone: reloaded(teamTexts.invitationSent, INVITATION_SENT),
        onError: failed('editing', usersTexts.inviteFailed, FORM_KEPT),
      },
    },
  },
});

/** A row's action from the list, when the guard allows its id: the row is selected, the alert cleared. */
const onRow = <T extends string>(
  guard: 'isResendable' | 'isEditableUser' | 'isListedInvitation',
  target: T,
  description: string,
) => {
  const id = ({ event }: { event: { id: number } }) => event.id;
  return {
    guard: { type: guard, params: id },
    target,
    actions: [{ type: 'select' as const, params: id }, 'clearAlert' as const],
    description,
  };
};

/** A confirm dialog before a deletion. */
const confirming = <T extends 'deletingUser' | 'deletingInvitation'>(
  target: T,
  description: string,
) =>
  ({
    description,
    on: {
      confirm: { target, description: 'Yes.' },
      cancel: { target: 'list', description: 'Cancelled.' },
    },
  }) as const;

/** The load failed: its text (spec §8). */
const loadFailedAlert = (text: string) => {
  const params: UsersAlert = { kind: 'loadFailed', level: 'danger', title: null, messages: [text] };
  return { type: 'assignAlert', params } as const;
};

/*
 * Why the users screen is not a record-list instance (src/machines/recordListFactory.ts), though
 * its row actions look alike: it lists two collections (users, then invitations: two loads in a
 * row, each with its own failure text) where the factory holds one list; every successful action
 * loads both again (spec §4 Users screen) instead of replacing a row or the list; its forms are
 * modes with nested states (invite, resend, edit, each editing -> sending/saving, cancelled from
 * any of them) whose submit events carry the values for the call, where the factory's form keeps a
 * draft; and its invite starts from no row. Fitting it would mean a second list slot, a reload
 * outcome and nested form modes in the factory for this one screen, and new state names for its
 * path table. Its repeated pieces (a call's success and failure, a form's editing state, a
 * confirm dialog) are the helpers above instead.
 */
export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    input: {} as UsersInput,
  },
  actors: {
    /** POST users/list (the team list payload). */
    listUsers: fromPromise<TeamUser[], ListRequest>(async () => notProvided('listUsers')),
    /** POST userinvitations/list (the team list payload). */
    listInvitations: fromPromise<LoadedInvitations, ListRequest>(async () =>
      notProvided('listInvitations'),
    ),
    /** POST userinvitations/upsert: a new invitation (no id) or a resend (its id). */
    upsertInvitation: fromPromise<UserInvitation, UpsertInvitationRequest>(async () =>
      notProvided('upsertInvitation'),
    ),
    /** POST users/updateUser (id, userRole, loginEnabled). */
    updateUser: fromPromise<TeamUser, UpdateUserRequest>(async () => notProvided('updateUser')),
    /** DELETE users/deleteUser?id= (the membership). */
    deleteUser: fromPromise<unknown, { id: number }>(async () => notProvided('deleteUser')),
    /** DELETE userinvitations/delete?id= (cancels a pending one, deletes any other). */
    deleteInvitation: fromPromise<unknown, { id: number }>(async () =>
      notProvided('deleteInvitation'),
    ),
  },
  guards: {
    isEditableUser: ({ context }, id: number) => {
      const user = context.users.find((u) => u.id === id);
      return user !== undefined && !user.owner && user.id !== context.currentUserId;
    },
    isResendable: ({ context }, id: number) => {
      const invitation = context.invitations.find((i) => i.id === id);
      return (
        invitation !== undefined && invitationAllows(invitation.userInvitationStatus, 'resend')
      );
    },
    isListedInvitation: ({ context }, id: number) => context.invitations.some((i) => i.id === id),
  },
  actions: {
    assignUsers: assign((_, users: TeamUser[]) => ({ users })),
    assignInvitations: assign((_, loaded: LoadedInvitations) => ({
      invitations: loaded.invitations,
      loadedAt: loaded.loadedAt,
    })),
    select: assign((_, id: number) => ({ selectedId: id })),
    unselect: assign({ selectedId: null }),
    assignAlert: assign((_, alert: UsersAlert) => ({ alert })),
    assignFailure: assign((_, failure: { error: unknown; text: string }) => ({
      alert: {
        kind: 'failed' as const,
        level: 'danger' as const,
        title: null,
        messages: messagesFrom(failure.error, failure.text),
      },
    })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'users',
  description:
    'Spec §2.3 Users screen (/users, Administrators only) in its modes list, invite (new), resend (edit an invitation) and edit (role and login enabled); spec §4 Users screen: after a successful action it returns to the list. The owner and the current user cannot be edited or deleted.',
  context: ({ input }) => ({
    currentUserId: input.currentUserId,
    users: [],
    invitations: [],
    loadedAt: null,
    selectedId: null,
    alert: null,
  }),
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
  },
  initial: 'loadingUsers',
  states: {
    loadingUsers: {
      description:
        'POST users/list: page 1, pageSize 999, sortBy LastLoginDate descending, total count.',
      invoke: {
        id: 'listUsers',
        src: 'listUsers',
        input: TEAM_LIST_REQUEST,
        onDone: {
          target: 'loadingInvitations',
          actions: { type: 'assignUsers', params: ({ event }) => event.output },
          description: 'The users table is filled; the invitations load next.',
        },
        onError: {
          target: 'loadFailed',
          actions: loadFailedAlert(teamTexts.userLoadFailed),
          description: "'Error getting user details, reload page'.",
        },
      },
    },
    loadingInvitations: {
      description: 'POST userinvitations/list with the same list payload.',
      invoke: {
        id: 'listInvitations',
        src: 'listInvitations',
        input: TEAM_LIST_REQUEST,
        onDone: {
          target: 'list',
          actions: { type: 'assignInvitations', params: ({ event }) => event.output },
          description: 'The invited users table is filled.',
        },
        onError: {
          target: 'loadFailed',
          actions: loadFailedAlert(teamTexts.invitedUserLoadFailed),
          description: "'Error getting invited user details, reload page'.",
        },
      },
    },
    loadFailed: {
      description: 'The load failed: reload.',
      on: {
        retry: {
          target: 'loadingUsers',
          actions: 'clearAlert',
          description: 'Load again.',
        },
      },
    },
    list: {
      description:
        'Mode list: the Users table and the Invited Users table (or the empty state with Invite User).',
      entry: 'unselect',
      on: {
        'invite.start': {
          target: 'invite',
          actions: 'clearAlert',
          description: 'Invite User: the invite form.',
        },
        'resend.start': onRow(
          'isResendable',
          'resend',
          'Resend an invitation that is not accepted: the form, filled in.',
        ),
        'edit.start': onRow(
          'isEditableUser',
          'edit',
          'Edit a user: role and login enabled (never the owner, never oneself).',
        ),
        'user.delete': onRow(
          'isEditableUser',
          'confirmingUserDelete',
          'Delete a user: a confirm dialog (never the owner, never oneself).',
        ),
        'invitation.delete': onRow(
          'isListedInvitation',
          'confirmingInvitationDelete',
          'Cancel a pending invitation or delete another: a confirm dialog.',
        ),
      },
    },
    invite: invitationMode(
      'Mode invite (new): the invite form.',
      'Send.',
      'POST userinvitations/upsert without an id: the invitee is mailed.',
      ({ event }) => {
        if (event.type !== 'form.submit') throw new Error('sending needs the form');
        return { ...event.values };
      },
    ),
    resend: invitationMode(
      'Mode resend (edit an invitation): the form filled in from the invitation.',
      'Resend.',
      'POST userinvitations/upsert with its id: a new link and expiry; earlier links expire.',
      ({ context, event }) => {
        if (event.type !== 'form.submit' || context.selectedId === null) {
          throw new Error('resending needs the form and the invitation');
        }
        return { ...event.values, id: context.selectedId };
      },
    ),
    edit: {
      description:
        'Mode edit: name and email read-only, the role and Login enabled; users can log in and update their own details and preferences.',
      ...formMode,
      states: {
        editing: editing('The form.', 'user.save', 'saving', 'Save.'),
        saving: {
          description: 'POST users/updateUser (id, userRole, loginEnabled).',
          invoke: {
            id: 'updateUser',
            src: 'updateUser',
            input: ({ context, event }) => {
              if (event.type !== 'user.save' || context.selectedId === null) {
                throw new Error('saving needs the changes and the user');
              }
              return { id: context.selectedId, ...event.changes };
            },
            onDone: reloaded(
              teamTexts.userUpdated,
              "'User Updated'; back to the list, loaded again.",
            ),
            onError: failed('editing', usersTexts.updateFailed, FORM_KEPT),
          },
        },
      },
    },
    confirmingUserDelete: confirming(
      'deletingUser',
      'The confirm dialog for deleting a user from the organisation.',
    ),
    deletingUser: {
      description: 'DELETE users/deleteUser?id=: the membership goes; the account stays.',
      invoke: {
        id: 'deleteUser',
        src: 'deleteUser',
        input: ({ context }) => ({ id: context.selectedId ?? 0 }),
        onDone: reloaded(teamTexts.userDeleted, "'User Deleted'; back to the list, loaded again."),
        onError: failed(
          'list',
          usersTexts.deleteUserFailed,
          "The server's messages; the user stays listed.",
        ),
      },
    },
    confirmingInvitationDelete: confirming(
      'deletingInvitation',
      'The confirm dialog for cancelling or deleting an invitation.',
    ),
    deletingInvitation: {
      description:
        'DELETE userinvitations/delete?id=: a pending one is cancelled, another deleted (an accepted one leaves its user alone).',
      invoke: {
        id: 'deleteInvitation',
        src: 'deleteInvitation',
        input: ({ context }) => ({ id: context.selectedId ?? 0 }),
        onDone: reloaded(
          teamTexts.invitationDeleted,
          "'Invitation Deleted'; back to the list, loaded again.",
        ),
        onError: failed(
          'list',
          usersTexts.deleteInvitationFailed,
          "The server's messages; the invitation stays listed.",
        ),
      },
    },
  },
});

export type UsersSnapshot = SnapshotFrom<typeof usersMachine>;

/** Why a user's actions are hidden behind a lock (spec §2.3), or null when they are offered. */
export function lockReason(user: TeamUser, currentUserId: number): string | null {
  if (user.id === currentUserId) return teamTexts.cannotEditSelf;
  if (user.owner) return teamTexts.cannotEditOwner;
  return null;
}

export interface UserRow extends TeamUser {
  lock: string | null;
}

export interface InvitationRow extends UserInvitation {
  /** Spec §4: a Pending one past its expiry shows as Expired. */
  shownStatus: UserInvitation['userInvitationStatus'];
  canResend: boolean;
  /** 'cancel' for a pending one, 'delete' for the others. */
  removal: 'cancel' | 'delete';
  /** The 'Invitation Link' row shows only for a pending one. */
  showsLink: boolean;
  /** Spec §4: the status badge's colour (Pending Info, Accepted Success, Declined Danger, Expired Warning). */
  badgeLevel: (typeof invitationBadgeLevel)[UserInvitation['userInvitationStatus']];
}

export const selectUsersLoading = (s: UsersSnapshot) =>
  s.matches('loadingUsers') || s.matches('loadingInvitations');
export const selectUsersLoadFailed = (s: UsersSnapshot) => s.matches('loadFailed');
export const selectUsersAlert = (s: UsersSnapshot) => s.context.alert;
export type UsersMode = 'list' | 'invite' | 'resend' | 'edit';
export function selectUsersMode(s: UsersSnapshot): UsersMode {
  if (s.matches('invite')) return 'invite';
  if (s.matches('resend')) return 'resend';
  if (s.matches('edit')) return 'edit';
  return 'list';
}
export const selectUsersBusy = (s: UsersSnapshot) =>
  s.matches({ invite: 'sending' }) ||
  s.matches({ resend: 'sending' }) ||
  s.matches({ edit: 'saving' }) ||
  s.matches('deletingUser') ||
  s.matches('deletingInvitation');
export const selectUserRows = (s: UsersSnapshot): UserRow[] =>
  s.context.users.map((user) => ({ ...user, lock: lockReason(user, s.context.currentUserId) }));
export function selectInvitationRows(s: UsersSnapshot): InvitationRow[] {
  const loadedAt = Date.parse(s.context.loadedAt ?? '');
  return s.context.invitations.map((invitation) => {
    const shownStatus = shownInvitationStatus(
      invitation.userInvitationStatus,
      invitation.expiryDate,
      loadedAt,
    );
    return {
      ...invitation,
      shownStatus,
      canResend: invitationAllows(shownStatus, 'resend'),
      removal: invitationAllows(shownStatus, 'cancel') ? 'cancel' : 'delete',
      showsLink: shownStatus === 'Pending',
      badgeLevel: invitationBadgeLevel[shownStatus],
    };
  });
}
/** The invitation the resend form starts from, or the user the edit form shows. */
export const selectResendInvitation = (s: UsersSnapshot): UserInvitation | null =>
  s.matches('resend')
    ? (s.context.invitations.find((i) => i.id === s.context.selectedId) ?? null)
    : null;
/** What the resend form starts from: the invitation's id and its form fields, else null. */
export type ResendForm = InvitationSubmission & { id: number };
export function selectResendForm(s: UsersSnapshot): ResendForm | null {
  const invitation = selectResendInvitation(s);
  if (!invitation) return null;
  const { id, firstName, lastName, email, message, userRole, canChangeEmailAddress } = invitation;
  return { id, firstName, lastName, email, message, userRole, canChangeEmailAddress };
}
export const selectEditedUser = (s: UsersSnapshot): TeamUser | null =>
  s.matches('edit') ? (s.context.users.find((u) => u.id === s.context.selectedId) ?? null) : null;
/** The user the edit form shows, with its lock as in the table (spec §2.3 Users). */
export const selectEditedUserRow = (s: UsersSnapshot): UserRow | null => {
  const user = selectEditedUser(s);
  return user ? { ...user, lock: lockReason(user, s.context.currentUserId) } : null;
};
/** The confirm dialog: what it deletes. */
export function selectDeleteConfirmation(
  s: UsersSnapshot,
): { kind: 'user' | 'invitation'; name: string; busy: boolean } | null {
  const id = s.context.selectedId;
  if (s.matches('confirmingUserDelete') || s.matches('deletingUser')) {
    const user = s.context.users.find((u) => u.id === id);
    return {
      kind: 'user',
      name: user ? `${user.firstName} ${user.lastName}` : '',
      busy: s.matches('deletingUser'),
    };
  }
  if (s.matches('confirmingInvitationDelete') || s.matches('deletingInvitation')) {
    const invitation = s.context.invitations.find((i) => i.id === id);
    return {
      kind: 'invitation',
      name: invitation ? `${invitation.firstName} ${invitation.lastName}` : '',
      busy: s.matches('deletingInvitation'),
    };
  }
  return null;
}
