/**
 * Generated paths of a Drop's lifecycle (issue 35 point 1), checked against the rules
 * written out here: a draft is saved again, scheduled, published or deleted; a scheduled Drop is
 * changed, taken back to a draft, starts or is cancelled; a live one takes gifts, ends or is
 * cancelled; ended, cancelled or deleted, nothing more happens to it. Plus the helpers the server
 * and the badges use.
 */
import { describe, expect, it } from 'vitest';
import {
  DROP_STATUSES,
  dropAllows,
  dropStatusMachine,
  dropStatusOf,
  type DropStatus,
  type DropStatusEvent,
} from '../../contract/dropStatusMachine';
import { describePaths, FakePromises, type SpecState } from '../support/pathHarness';

type Shown = DropStatus | 'Removed';
const EVENTS: readonly DropStatusEvent['type'][] = [
  'edit',
  'schedule',
  'publish',
  'unpublish',
  'start',
  'end',
  'give',
  'cancel',
  'delete',
];
const RULES: Record<Shown, Partial<Record<DropStatusEvent['type'], Shown>>> = {
  Draft: { edit: 'Draft', schedule: 'Scheduled', publish: 'Live', delete: 'Removed' },
  Scheduled: { edit: 'Scheduled', unpublish: 'Draft', start: 'Live', cancel: 'Cancelled' },
  Live: { give: 'Live', end: 'Ended', cancel: 'Cancelled' },
  Ended: {},
  Cancelled: {},
  Removed: {},
};
const FINAL: readonly Shown[] = ['Ended', 'Cancelled', 'Removed'];
let shown: Shown = 'Draft';

/** The table: each status is the state of that name; the last three end the model. */
const state = (): SpecState => ({ value: shown, done: FINAL.includes(shown), shown });

await describePaths({
  machine: dropStatusMachine,
  unhandled: true,
  build: () => ({ machine: dropStatusMachine, promises: new FakePromises(), spies: {} }),
  events: EVENTS.map((type) => ({ type })),
  afterStep: ({ event, snapshot }) => {
    shown = RULES[shown][event.type as DropStatusEvent['type']] ?? shown;
    expect(snapshot.value).toBe(shown);
    expect(snapshot.status).toBe(FINAL.includes(shown) ? 'done' : 'active');
  },
  spec: {
    initial: () => {
      shown = 'Draft';
      return state();
    },
    after: state,
  },
});

describe('the helpers of the Drop lifecycle', () => {
  it('says which events each status allows', () => {
    for (const status of DROP_STATUSES) {
      for (const event of EVENTS) {
        expect(dropAllows(status, event), `${status} ${event}`).toBe(
          RULES[status][event] !== undefined,
        );
      }
    }
  });

  it('shows a published Drop as Scheduled before its start, Live until its end, then Ended', () => {
    const startsAt = new Date('2026-12-01T10:00:00.000Z');
    const endsAt = new Date('2026-12-08T10:00:00.000Z');
    const at = (iso: string, isDraft = false, cancelled = false) =>
      dropStatusOf({ isDraft, cancelled, startsAt, endsAt }, new Date(iso));
    expect(at('2026-12-01T09:59:59.999Z')).toBe('Scheduled');
    expect(at('2026-12-01T10:00:00.000Z')).toBe('Live');
    expect(at('2026-12-08T09:59:59.999Z')).toBe('Live');
    expect(at('2026-12-08T10:00:00.000Z')).toBe('Ended');
    expect(at('2026-12-05T10:00:00.000Z', true)).toBe('Draft');
    expect(at('2026-12-05T10:00:00.000Z', false, true)).toBe('Cancelled');
    expect(at('2026-12-05T10:00:00.000Z', true, true)).toBe('Cancelled');
  });
});
