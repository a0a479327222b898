import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import {
  handleCheckMachine,
  selectAvailableHandle,
  selectHandleMessage,
  selectHandleStatus,
  type HandleCheckInput,
  type HandleCheckSnapshot,
  type HandleStatus,
} from '../../src/machines/handleCheckMachine';
import {
  describePaths,
  FakePromises,
  TestClock,
  settled,
  type SpecState,
} from '../support/pathHarness';

/** The person's own handle, as saved (mixed case: the comparison ignores case). */
const OWN = 'Olivia_Harper';
const values = ['', 'ab', '_bad_', 'bad__one', 'OLIVIA_HARPER', 'olivia_harper', 'new_handle'];

/**
 * Spec §5 Handle: 4 to 20 characters, letters, digits and underscore only, no double underscore,
 * no leading or trailing underscore.
 */
const followsRule = (h: string) =>
  h.length >= 4 &&
  h.length <= 20 &&
  /^[A-Za-z0-9_]+$/.test(h) &&
  !h.includes('__') &&
  !h.startsWith('_') &&
  !h.endsWith('_');

/** Spec §4 Handle check, §5 Handle and §8: what shows beside the field. */
const TEXTS: Record<HandleStatus, string | null> = {
  empty: null,
  invalid: 'Letters, numbers and underscores only, 4-20 characters.',
  checking: 'Checking...',
  available: 'Available',
  notAvailable: 'Not Available',
  error: 'Error checking handle availability',
};

/** GET /users/handleExists: a fake that records each call and whether it was dropped. */
interface Call {
  value: string;
  signal: AbortSignal;
  resolve: (taken: boolean) => void;
  reject: (error: unknown) => void;
}
class FakeHandleExists {
  readonly calls: Call[] = [];
  readonly logic = fromPromise<boolean, { value: string }>(
    ({ input, signal }) =>
      new Promise<boolean>((resolve, reject) => {
        this.calls.push({ value: input.value, signal, resolve, reject });
      }),
  );
}
let current = new FakeHandleExists();

/** What the person sees, written from the spec, and the calls that should have been made. */
interface Model {
  handle: string;
  status: HandleStatus;
  /** A check is out (after the debounce), its answer not yet in. */
  calling: boolean;
  /** The values checked, in order, and which of those calls were dropped. */
  checked: string[];
  dropped: boolean[];
}
let model: Model;

function judge(handle: string, ownHandle: string | undefined): HandleStatus {
  if (handle === '') return 'empty';
  if (!followsRule(handle)) return 'invalid';
  // The person's own handle is theirs: available without a call.
  if (ownHandle !== undefined && handle.toLowerCase() === ownHandle.toLowerCase()) {
    return 'available';
  }
  return 'checking';
}

function initial(input: HandleCheckInput): Model {
  const handle = input.handle ?? '';
  return {
    handle,
    status: judge(handle, input.ownHandle),
    calling: false,
    checked: [],
    dropped: [],
  };
}

function next(m: Model, event: AnyEventObject, input: HandleCheckInput, elapsedMs: number): Model {
  if (event.type === 'handle.change') {
    const value = (event as { value?: string }).value ?? '';
    // The same value again changes nothing (a check in progress goes on).
    if (value === m.handle) return m;
    // Typing again drops a check in progress: its answer must never win.
    const dropped = m.calling ? [...m.dropped.slice(0, -1), true] : m.dropped;
    return { ...m, handle: value, status: judge(value, input.ownHandle), calling: false, dropped };
  }
  if (event.type.startsWith('xstate.after.')) {
    // Spec §5/§9: the check runs once typing has paused for 400 ms.
    expect(m.status).toBe('checking');
    expect(m.calling).toBe(false);
    expect(elapsedMs).toBe(400);
    return {
      ...m,
      calling: true,
      checked: [...m.checked, m.handle],
      dropped: [...m.dropped, false],
    };
  }
  if (!m.calling) return m;
  if (event.type === 'xstate.done.actor.handleExists') {
    const taken = (event as { output?: boolean }).output === true;
    return { ...m, calling: false, status: taken ? 'notAvailable' : 'available' };
  }
  if (event.type === 'xstate.error.actor.handleExists') {
    return { ...m, calling: false, status: 'error' };
  }
  return m;
}

/**
 * The spec's table of the handle check (spec §4 Handle check): empty (nothing typed), invalid
 * (the rule is broken, no call), debouncing (waiting for typing to pause 400 ms, 'Checking...'),
 * checking (the call is out, 'Checking...'), available, notAvailable, error. Both waits are busy.
 */
function state(): SpecState {
  const value =
    model.status === 'checking' ? (model.calling ? 'checking' : 'debouncing') : model.status;
  return { value, tags: { busy: model.status === 'checking' }, shown: model };
}

function expectShown(s: HandleCheckSnapshot, m: Model) {
  expect(selectHandleStatus(s)).toBe(m.status);
  expect(selectHandleMessage(s)).toBe(TEXTS[m.status]);
  // The parent form submits only a handle found available.
  expect(selectAvailableHandle(s)).toBe(m.status === 'available' ? m.handle : null);
}

function expectCalls(m: Model) {
  expect(current.calls.map((c) => c.value)).toEqual(m.checked);
  expect(current.calls.map((c) => c.signal.aborted)).toEqual(m.dropped);
}

const inputs: HandleCheckInput[] = [
  { ownHandle: OWN },
  { handle: 'olivia_harper', ownHandle: OWN },
  { handle: 'new_handle', ownHandle: OWN },
];

for (const input of inputs) {
  await describePaths({
    machine: handleCheckMachine,
    input,
    unhandled: true,
    build: () => {
      current = new FakeHandleExists();
      const machine = handleCheckMachine.provide({
        actors: { handleExists: current.logic as never },
      });
      return { machine, promises: new FakePromises(), spies: {} };
    },
    // The check's answer comes through the fake, so that the dropped call's signal is real.
    deliver: (event) => {
      const call = current.calls.at(-1);
      if (!call) return false;
      if (event.type === 'xstate.done.actor.handleExists') {
        call.resolve((event as { output?: boolean }).output === true);
        return true;
      }
      if (event.type === 'xstate.error.actor.handleExists') {
        call.reject((event as { error?: unknown }).error);
        return true;
      }
      return false;
    },
    events: [
      ...values.map((value) => ({ type: 'handle.change', value })),
      ...settled('handleExists', [true, false], [new Error('offline')]),
    ],
    afterStep: ({ event, snapshot, previous, index, elapsedMs }) => {
      if (index === 0) expectShown(previous as HandleCheckSnapshot, model);
      model = next(model, event, input, elapsedMs);
      if (!event.type.startsWith('xstate.after.')) expect(elapsedMs).toBe(0);
      expectShown(snapshot as HandleCheckSnapshot, model);
      expectCalls(model);
    },
    spec: {
      initial: () => {
        model = initial(input);
        return state();
      },
      after: state,
    },
  });
}

describe('handleCheck machine: typing during a check', () => {
  it('drops the stale answer and checks the new handle', async () => {
    const promises = new FakePromises();
    // A simulated clock: the 400 ms debounce (spec §5 Handle) passes without waiting.
    const clock = new TestClock();
    const actor = createActor(
      handleCheckMachine.provide({ actors: { handleExists: promises.logic('handleExists') } }),
      { input: {}, clock },
    );
    actor.start();
    actor.send({ type: 'handle.change', value: 'first_one' });
    expect(clock.advanceToNext()).toBe(400);
    await new Promise((r) => setTimeout(r, 0));
    expect(promises.calls.map((c) => c.input)).toEqual([{ value: 'first_one' }]);
    actor.send({ type: 'handle.change', value: 'second_one' });
    // The first check answers 'taken' after the person typed on: it is ignored.
    promises.settle('handleExists', 'done', true);
    await new Promise((r) => setTimeout(r, 0));
    expect(selectHandleStatus(actor.getSnapshot())).toBe('checking');
    expect(clock.advanceToNext()).toBe(400);
    await new Promise((r) => setTimeout(r, 0));
    expect(promises.calls.slice(1).map((c) => c.input)).toEqual([{ value: 'second_one' }]);
    promises.settle('handleExists', 'done', false);
    await new Promise((r) => setTimeout(r, 0));
    expect(selectAvailableHandle(actor.getSnapshot())).toBe('second_one');
    actor.stop();
  });

  it('checks every well-formed handle when the person has none yet (signup)', async () => {
    const promises = new FakePromises();
    const clock = new TestClock();
    const actor = createActor(
      handleCheckMachine.provide({ actors: { handleExists: promises.logic('handleExists') } }),
      { input: {}, clock },
    );
    actor.start();
    expect(selectHandleStatus(actor.getSnapshot())).toBe('empty');
    actor.send({ type: 'handle.change', value: 'olivia_harper' });
    expect(selectHandleMessage(actor.getSnapshot())).toBe('Checking...');
    expect(clock.advanceToNext()).toBe(400);
    await new Promise((r) => setTimeout(r, 0));
    expect(promises.calls.map((c) => c.input)).toEqual([{ value: 'olivia_harper' }]);
    actor.stop();
  });
});
