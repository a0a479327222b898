import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  handleCheckMachine,
  selectAvailableHandle,
  selectHandleMessage,
  selectHandleStatus,
  type HandleCheckSnapshot,
} from '../../src/machines/handleCheckMachine';
import { describePaths, FakePromises, TestClock } from '../support/pathHarness';

const OWN = 'olivia_harper';
const values = ['', 'ab', '_bad_', OWN, 'OLIVIA_Harper', 'new_handle', 'other_one'];

/** What the person sees beside the field for a typed handle, when it is settled. */
const ruleBroken = (handle: string) => handle === 'ab' || handle === '_bad_';

for (const input of [{ ownHandle: OWN }, { handle: OWN, ownHandle: OWN }]) {
  await describePaths({
    machine: handleCheckMachine,
    input,
    build: () => {
      const promises = new FakePromises();
      const machine = handleCheckMachine.provide({
        actors: { handleExists: promises.logic('handleExists') as never },
      });
      return { machine, promises, spies: {} };
    },
    events: [
      ...values.map((value) => ({ type: 'handle.change', value })),
      { type: 'xstate.done.actor.handleExists', output: true },
      { type: 'xstate.done.actor.handleExists', output: false },
      { type: 'xstate.error.actor.handleExists', error: new Error('offline') },
    ],
    afterStep: ({ event, snapshot, previous, elapsedMs }) => {
      const s = snapshot as HandleCheckSnapshot;
      const handle = s.context.handle;
      const status = selectHandleStatus(s);
      if (event.type === 'handle.change' && event.value === previous.context.handle) {
        // The same value again changes nothing (a check in progress goes on).
        expect(s.value).toEqual(previous.value);
      } else if (event.type === 'handle.change') {
        // The rule is judged at once, before any call; the own handle needs no call.
        const expected =
          handle === ''
            ? 'empty'
            : ruleBroken(handle)
              ? 'invalid'
              : handle.toLowerCase() === OWN
                ? 'available'
                : 'checking';
        expect(status).toBe(expected);
        expect(s.matches('checking')).toBe(false);
      }
      if (status === 'invalid') {
        expect(selectHandleMessage(s)).toBe(
          'Letters, numbers and underscores only, 4-20 characters.',
        );
      }
      if (event.type.startsWith('xstate.after.')) {
        // Spec §9: debounce 400 ms, then the check.
        expect(elapsedMs).toBe(400);
        expect(s.matches('checking')).toBe(true);
      }
      if (event.type === 'xstate.done.actor.handleExists') {
        const taken = (event as { output?: boolean }).output;
        expect(selectHandleMessage(s)).toBe(taken ? 'Not Available' : 'Available');
        expect(selectAvailableHandle(s)).toBe(taken ? null : handle);
        // The answer is about the handle that was checked.
        expect(handle).toBe(previous.context.handle);
      }
      if (event.type === 'xstate.error.actor.handleExists') {
        expect(selectHandleMessage(s)).toBe('Error checking handle availability');
      }
      if (status !== 'available') expect(selectAvailableHandle(s)).toBeNull();
    },
    afterPath: (plan, _spies, promises) => {
      // A call is made only after the debounce, and only for a well-formed handle that is not
      // the person's own.
      const debounces = plan.steps.filter((s) => s.event.type.startsWith('xstate.after.')).length;
      expect(promises.calls).toHaveLength(debounces);
      for (const call of promises.calls) {
        const { value } = call.input as { value: string };
        expect(value).not.toBe('');
        expect(ruleBroken(value)).toBe(false);
        expect(value.toLowerCase()).not.toBe(OWN);
      }
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
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    const stale = promises.calls.length;
    actor.send({ type: 'handle.change', value: 'second_one' });
    // The first check answers 'taken' after the person typed on: it is ignored.
    promises.settle('handleExists', 'done', true);
    await new Promise((r) => setTimeout(r, 0));
    expect(selectHandleStatus(actor.getSnapshot())).toBe('checking');
    expect(clock.advanceToNext()).toBe(400);
    await new Promise((r) => setTimeout(r, 0));
    expect(promises.calls.slice(stale).map((c) => c.input)).toEqual([{ value: 'second_one' }]);
    promises.settle('handleExists', 'done', false);
    await new Promise((r) => setTimeout(r, 0));
    expect(selectAvailableHandle(actor.getSnapshot())).toBe('second_one');
    actor.stop();
  });

  it('starts from the handle given, the own one being available without a call', () => {
    const promises = new FakePromises();
    const actor = createActor(
      handleCheckMachine.provide({ actors: { handleExists: promises.logic('handleExists') } }),
      { input: { handle: OWN, ownHandle: OWN } },
    );
    actor.start();
    expect(selectHandleStatus(actor.getSnapshot())).toBe('available');
    expect(promises.calls).toEqual([]);
    actor.stop();
  });
});
