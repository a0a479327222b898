/**
 * The invitation status model of spec §4 as a statechart that the server's rules and the client's
 * badge both follow: Pending, Accepted, Declined, Expired. It is pure (no actors, no clock): the
 * server asks it whether an event may happen to an invitation (`can`), and both read an
 * invitation's shown status from it (a Pending one past its expiry date shows as Expired).
 */
import { setup, type SnapshotFrom } from 'xstate';
import type { InvitationStatus } from './enums';

export type InvitationStatusEvent =
  | { type: 'accept' }
  | { type: 'decline' }
  | { type: 'expire' }
  | { type: 'resend' }
  | { type: 'cancel' }
  | { type: 'delete' };

export const invitationStatusMachine = setup({
  types: { events: {} as InvitationStatusEvent },
}).createMachine({
  id: 'invitationStatus',
  description:
    "Spec §4 Invitation: statuses Pending, Accepted, Declined, Expired. Pending displays as Expired once the expiry date passes. Pending invitations show a link and an expiry and can be resent; resending expires earlier links. Accepted ones cannot be resent. Declined ones show the reason. Cancelling is offered for pending invitations and deleting for others; removing an Accepted invitation has no effect on the user. If the invitation is not pending, the invitee sees 'This invitation has already been {status}.'",
  initial: 'Pending',
  states: {
    Pending: {
      description: 'Sent: its link can be accepted or declined until the expiry date.',
      on: {
        accept: {
          target: 'Accepted',
          description: 'The invitee accepts (a password or the third-party sign-in).',
        },
        decline: {
          target: 'Declined',
          description: 'The invitee declines, with an optional reason.',
        },
        expire: { target: 'Expired', description: 'The expiry date passes.' },
        resend: {
          target: 'Pending',
          reenter: true,
          description: 'Resent: a new link and expiry; every earlier link expires.',
        },
        cancel: {
          target: 'Removed',
          description: 'Cancelled by an Administrator: its link no longer opens it.',
        },
      },
    },
    Expired: {
      description:
        "Its expiry date passed, or a newer link replaced it: 'This invitation has already been expired.'",
      on: {
        resend: { target: 'Pending', description: 'Resent: a new link and expiry.' },
        delete: { target: 'Removed', description: 'Deleted by an Administrator.' },
      },
    },
    Declined: {
      description: 'The invitee declined; the reason shows in its own row.',
      on: {
        resend: { target: 'Pending', description: 'Invited again: a new link and expiry.' },
        delete: { target: 'Removed', description: 'Deleted by an Administrator.' },
      },
    },
    Accepted: {
      description: 'The invitee accepted: a member with the invited role. It cannot be resent.',
      on: {
        delete: {
          target: 'Removed',
          description: 'Deleted by an Administrator: the user and their membership stay.',
        },
      },
    },
    Removed: {
      type: 'final',
      description: 'Cancelled or deleted: gone from the list; its links are invalid.',
    },
  },
});

export type InvitationStatusSnapshot = SnapshotFrom<typeof invitationStatusMachine>;

/** The invitation's status as stored, as a snapshot of the model. */
export function invitationStatusSnapshot(status: InvitationStatus): InvitationStatusSnapshot {
  return invitationStatusMachine.resolveState({ value: status, context: {} });
}

/** Spec §4: a Pending invitation past its expiry date shows (and behaves) as Expired. */
export function shownInvitationStatus(
  status: InvitationStatus,
  expiryDate: string | null,
  /** The time it is shown at, in milliseconds since the epoch. */
  nowMs: number,
): InvitationStatus {
  if (status !== 'Pending' || expiryDate === null) return status;
  return Date.parse(expiryDate) <= nowMs ? 'Expired' : 'Pending';
}

/** Whether `event` may happen to an invitation shown as `status`. */
export function invitationAllows(
  status: InvitationStatus,
  event: InvitationStatusEvent['type'],
): boolean {
  return invitationStatusSnapshot(status).can({ type: event } as InvitationStatusEvent);
}

/** Spec §4 badge colours: Pending info, Accepted success, Declined danger, Expired warning. */
export const invitationBadgeLevel = {
  Pending: 'Info',
  Accepted: 'Success',
  Declined: 'Danger',
  Expired: 'Warning',
} as const satisfies Record<InvitationStatus, 'Info' | 'Success' | 'Danger' | 'Warning'>;

/** Spec §4: 'This invitation has already been {status}.' */
export const alreadyText = (status: InvitationStatus) =>
  `This invitation has already been ${status.toLowerCase()}.`;
