import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, sendTo, setup, type InspectionEvent } from 'xstate';
import { noteInspection, reachRecorder, type Reach, type ReachBatch } from '../../src/app/reach';
import { inspectionFor } from '../../src/app/inspection';
import { CoverageRecorder } from '../support/pathHarness';

/** A small machine with what the keys must tell apart: nesting, guards, `always`, root events. */
const child = createMachine({
  id: 'child',
  initial: 'idle',
  states: { idle: { on: { poke: 'poked' } }, poked: {} },
});

const machine = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'next' | 'reset' | 'poke' } },
  actors: { child },
  guards: { twice: ({ context }) => context.count >= 2 },
}).createMachine({
  id: 'small',
  context: { count: 0 },
  initial: 'a',
  invoke: { src: 'child', id: 'child' },
  on: {
    reset: { target: '.a', actions: assign({ count: 0 }) },
    poke: { actions: sendTo('child', { type: 'poke' }) },
  },
  states: {
    a: {
      on: {
        next: [
          { guard: 'twice', target: 'b' },
          { actions: assign({ count: ({ context }) => context.count + 1 }) },
        ],
      },
    },
    b: {
      initial: 'inner',
      states: { inner: { always: { target: 'done' } }, done: {} },
    },
  },
});

const sorted = (values: Iterable<string>) => [...values].sort();

describe('the reach recorder of the build for the e2e tests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('keys states and transitions exactly as the path harness does, machine by machine', () => {
    const reach: Reach = {};
    const harness = new CoverageRecorder(machine);
    let root: unknown = null;
    const actor = createActor(machine, {
      inspect: (event: InspectionEvent) => {
        noteInspection(reach, event);
        // What the path harness records of its actor (tests/support/pathHarness.ts runPath).
        if (event.type === '@xstate.microstep' && event.actorRef === root) {
          harness.noteTransitions(event._transitions);
          harness.noteSnapshot(event.snapshot as never);
        }
      },
    });
    root = actor;
    actor.start();
    harness.noteSnapshot(actor.getSnapshot());
    for (const type of ['next', 'next', 'next', 'poke', 'reset'] as const) actor.send({ type });

    const expected = harness.record();
    expect(expected.transitions.reached.length).toBeGreaterThan(4);
    expect(sorted(reach.small?.states ?? [])).toEqual(sorted(expected.states.reached));
    expect(sorted(reach.small?.transitions ?? [])).toEqual(sorted(expected.transitions.reached));
    // The invoked machine is recorded under its own id.
    expect(reach.child).toEqual({
      states: ['child', 'child.idle', 'child.poked'],
      transitions: ['child.idle | poke | #0'],
    });
  });

  it('keeps what the page reached in its window global and reports what is new to the binding', () => {
    const page: Partial<Window> = {};
    vi.stubGlobal('window', page);
    const observe = reachRecorder();
    const actor = createActor(child, { inspect: observe });
    actor.start();
    // No binding yet: the batch waits.
    const reported: ReachBatch[][] = [];
    page.__givedropReachReport = (batches: ReachBatch[]) => reported.push(batches);
    actor.send({ type: 'poke' });
    actor.send({ type: 'poke' });
    expect(page.__givedropReach).toEqual({
      child: {
        states: ['child', 'child.idle', 'child.poked'],
        transitions: ['child.idle | poke | #0'],
      },
    });
    // Two batches in one call (the one before the binding, the poke's), and nothing twice.
    expect(reported).toEqual([
      [
        { machine: 'child', states: ['child', 'child.idle'], transitions: [] },
        { machine: 'child', states: ['child.poked'], transitions: ['child.idle | poke | #0'] },
      ],
    ]);
  });

  it('is the observer start.ts gets in the build for the test (no inspector asked for)', async () => {
    vi.stubEnv('MODE', 'e2e');
    const page: Partial<Window> = { location: { origin: 'http://localhost:3100' } as Location };
    vi.stubGlobal('window', page);
    const inspect = await inspectionFor('');
    expect(inspect).toBeTypeOf('function');
    createActor(child, { inspect }).start();
    expect(page.__givedropReach).toEqual({
      child: { states: ['child', 'child.idle'], transitions: [] },
    });
  });
});
