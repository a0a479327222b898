/**
 * A Drop's lifecycle (issue 35 point 1, beyond the spec, which leaves Create Drop a placeholder)
 * as a statechart that the server's rules and the client's badges both follow, like the
 * invitation status: Draft, Scheduled, Live, Ended, Cancelled. It is pure (no actors, no clock):
 * the server asks it whether an event may happen to a Drop ({@link dropAllows}), and both read a
 * Drop's shown status from what is stored and the time ({@link dropStatusOf}): a published Drop
 * is Scheduled before its start, Live from its start and Ended from its end.
 */
import { setup, type SnapshotFrom } from 'xstate';

import { DROP_STATUSES, type DropStatus } from './enums';

export { DROP_STATUSES, type DropStatus };

export type DropStatusEvent =
  | { type: 'edit' }
  | { type: 'schedule' }
  | { type: 'publish' }
  | { type: 'unpublish' }
  | { type: 'start' }
  | { type: 'end' }
  | { type: 'give' }
  | { type: 'cancel' }
  | { type: 'delete' };

export const dropStatusMachine = setup({
  types: { events: {} as DropStatusEvent },
}).createMachine({
  id: 'dropStatus',
  description:
    'A Drop is a time-limited post showing exclusive content for a charitable event or initiative, to receive donations for a chosen charity (spec §1). Its author writes it as a draft, schedules it or publishes it; it is live from its start to its end, and takes gifts only then; its author may cancel it until it ends.',
  initial: 'Draft',
  states: {
    Draft: {
      description: 'Saved as a draft: only its author sees it, and may change anything.',
      on: {
        edit: { target: 'Draft', description: 'The author saves the draft again.' },
        schedule: {
          target: 'Scheduled',
          description: 'Published with a start still to come.',
        },
        publish: { target: 'Live', description: 'Published with its start now.' },
        delete: { target: 'Removed', description: 'The author deletes the draft.' },
      },
    },
    Scheduled: {
      description:
        'Published, its start still to come: only its author sees it, and may still change it.',
      on: {
        edit: { target: 'Scheduled', description: 'The author changes it before its start.' },
        unpublish: { target: 'Draft', description: 'The author takes it back to a draft.' },
        start: { target: 'Live', description: 'Its start time comes.' },
        cancel: { target: 'Cancelled', description: 'The author cancels it.' },
      },
    },
    Live: {
      description:
        'Shown to everyone with its time left, what it raised against its goal and Give; it takes gifts.',
      on: {
        give: {
          target: 'Live',
          description: 'A confirmed gift counts towards it (the provider confirmed the payment).',
        },
        end: { target: 'Ended', description: 'Its end time comes.' },
        cancel: {
          target: 'Cancelled',
          description: 'The author cancels it: it takes no more gifts; gifts made stay given.',
        },
      },
    },
    Ended: {
      type: 'final',
      description: 'Its end has passed: it says so, shows what it raised and takes no more gifts.',
    },
    Cancelled: {
      type: 'final',
      description: 'Cancelled by its author: it takes no more gifts and leaves the carousel.',
    },
    Removed: {
      type: 'final',
      description: 'A deleted draft: gone.',
    },
  },
});

/** What is stored of a Drop that its status depends on. */
export interface DropStatusFacts {
  isDraft: boolean;
  cancelled: boolean;
  startsAt: Date;
  endsAt: Date;
}

/** The status a Drop shows at `now`. */
export function dropStatusOf(facts: DropStatusFacts, now: Date): DropStatus {
  if (facts.cancelled) return 'Cancelled';
  if (facts.isDraft) return 'Draft';
  if (now < facts.startsAt) return 'Scheduled';
  return now < facts.endsAt ? 'Live' : 'Ended';
}

export type DropStatusSnapshot = SnapshotFrom<typeof dropStatusMachine>;

/** A Drop's shown status as a snapshot of the model. */
export function dropStatusSnapshot(status: DropStatus): DropStatusSnapshot {
  return dropStatusMachine.resolveState({ value: status, context: {} });
}

/** Whether `event` may happen to a Drop shown as `status`. */
export function dropAllows(status: DropStatus, event: DropStatusEvent['type']): boolean {
  return dropStatusSnapshot(status).can({ type: event } as DropStatusEvent);
}
