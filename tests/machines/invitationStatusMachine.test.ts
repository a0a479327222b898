/**
 * Generated paths of the invitation status model (spec §4 Invitation), checked against the
 * spec's rules written out here: Pending can be accepted, declined, resent, cancelled or expire;
 * Expired and Declined can be resent or deleted; Accepted can only be deleted (never resent);
 * cancelled or deleted, it is gone. Plus the helpers the server and the badge use.
 */
import { describe, expect, it } from 'vitest';
import type { InvitationStatus } from '../../contract/enums';
import {
  alreadyText,
  invitationAllows,
  invitationBadgeLevel,
  invitationStatusMachine,
  shownInvitationStatus,
} from '../../contract/invitationStatusMachine';
import { describePaths, FakePromises, type SpecState } from '../support/pathHarness';

type Shown = InvitationStatus | 'Removed';
const RULES: Record<Shown, Partial<Record<string, Shown>>> = {
  Pending: {
    accept: 'Accepted',
    decline: 'Declined',
    expire: 'Expired',
    resend: 'Pending',
    cancel: 'Removed',
  },
  Expired: { resend: 'Pending', delete: 'Removed' },
  Declined: { resend: 'Pending', delete: 'Removed' },
  Accepted: { delete: 'Removed' },
  Removed: {},
};
let shown: Shown = 'Pending';

/**
 * The spec's table: each status the model shows is the state of that name (Pending, Accepted,
 * Declined, Expired); cancelled or deleted, the invitation is Removed and its model ends.
 */
const state = (): SpecState => ({ value: shown, done: shown === 'Removed', shown });

await describePaths({
  machine: invitationStatusMachine,
  unhandled: true,
  build: () => ({ machine: invitationStatusMachine, promises: new FakePromises(), spies: {} }),
  events: ['accept', 'decline', 'expire', 'resend', 'cancel', 'delete'].map((type) => ({ type })),
  afterStep: ({ event, snapshot }) => {
    shown = RULES[shown][event.type] ?? shown;
    expect(snapshot.value).toBe(shown);
    expect(snapshot.status).toBe(shown === 'Removed' ? 'done' : 'active');
  },
  spec: {
    initial: () => {
      shown = 'Pending';
      return state();
    },
    after: state,
  },
});

describe('the helpers of the invitation status model', () => {
  it('says which events each stored status allows', () => {
    for (const status of ['Pending', 'Expired', 'Declined', 'Accepted'] as const) {
      for (const event of ['accept', 'decline', 'expire', 'resend', 'cancel', 'delete'] as const) {
        expect(invitationAllows(status, event), `${status} ${event}`).toBe(
          RULES[status][event] !== undefined,
        );
      }
    }
  });

  it('shows a Pending invitation past its expiry as Expired, and nothing else changes', () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    expect(shownInvitationStatus('Pending', '2026-11-26T12:00:00.001Z', now)).toBe('Pending');
    expect(shownInvitationStatus('Pending', '2026-11-26T12:00:00.000Z', now)).toBe('Expired');
    expect(shownInvitationStatus('Pending', null, now)).toBe('Pending');
    expect(shownInvitationStatus('Declined', '2020-01-01T00:00:00.000Z', now)).toBe('Declined');
    expect(shownInvitationStatus('Accepted', '2020-01-01T00:00:00.000Z', now)).toBe('Accepted');
  });

  it("badges as the spec says, and words the invitee's notice", () => {
    expect(invitationBadgeLevel).toEqual({
      Pending: 'Info',
      Accepted: 'Success',
      Declined: 'Danger',
      Expired: 'Warning',
    });
    expect(alreadyText('Accepted')).toBe('This invitation has already been accepted.');
    expect(alreadyText('Expired')).toBe('This invitation has already been expired.');
  });
});
