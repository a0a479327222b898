/**
 * The names of the generated path tests (tests/support/pathHarness.ts): unique within a file and
 * saying what the path does — its states and the events between them, worded like the diagrams.
 */
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import {
  assertUniqueNames,
  FakePromises,
  newTrace,
  planPaths,
  readableEvent,
  runPath,
  stateText,
  suiteTitle,
  uniqueNames,
} from '../support/pathHarness';

/** A small login-like machine: a form, a request that succeeds or fails, a retry delay. */
const machine = setup({
  types: {
    context: {} as { email: string },
    events: {} as { type: 'form.submit'; email: string } | { type: 'error.dismiss' },
  },
  actors: { login: fromPromise(async () => 'session') },
  delays: { retryDelay: 1000 },
}).createMachine({
  id: 'tiny',
  initial: 'editing',
  context: { email: '' },
  states: {
    editing: {
      on: {
        'form.submit': {
          target: 'submitting',
          actions: assign({ email: ({ event }) => event.email }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        onDone: 'loggedIn',
        onError: 'failed',
      },
    },
    failed: {
      on: { 'error.dismiss': 'editing' },
      after: { retryDelay: 'editing' },
    },
    loggedIn: { type: 'final' },
  },
});

const build = () => {
  const promises = new FakePromises();
  return { machine: machine.provide({ actors: promises.actors('login') }), promises };
};

const plan = () =>
  planPaths(build().machine, {
    events: [
      { type: 'form.submit', email: 'a@example.com' },
      { type: 'form.submit', email: 'b@example.com' },
      { type: 'error.dismiss' },
      { type: 'xstate.done.actor.login', output: 'session' },
      { type: 'xstate.error.actor.login', error: new Error('offline') },
    ],
  });

describe('path test names', () => {
  it.each([
    ['xstate.done.actor.login', 'login done'],
    ['xstate.error.actor.login', 'login failed'],
    ['xstate.after.retryDelay.tiny.failed', 'after retryDelay'],
    ['xstate.after.500.tiny.failed', 'after 500 ms'],
    ['xstate.snapshot.handleCheck', 'handleCheck update'],
    ['form.submit', 'form.submit'],
  ])('word done, error and delay events like the diagrams: %s -> %s', (event, words) => {
    expect(readableEvent(event)).toBe(words);
  });

  it.each([
    ['editing', 'editing'],
    [{ form: 'editing' }, 'form.editing'],
    [
      { ready: { download: 'idle', deletion: 'confirming' } },
      'ready.(download.idle + deletion.confirming)',
    ],
    [{ a: 'x', b: { c: 'y' } }, 'a.x + b.c.y'],
  ])('write nested and parallel states in a line: %o', (value, text) => {
    expect(stateText(value)).toBe(text);
  });

  it('say what each path does, and are unique', () => {
    const names = plan().map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('editing (initial state)');
    expect(names).toContain(
      'editing —form.submit→ submitting —login failed→ failed —error.dismiss→ editing',
    );
    expect(names).toContain(
      'editing —form.submit→ submitting —login failed→ failed —after retryDelay→ editing',
    );
    expect(
      names.some((n) =>
        n.startsWith('editing —form.submit→ submitting —login done→ loggedIn (done)'),
      ),
    ).toBe(true);
    // No name carries an internal event type.
    expect(names.filter((n) => n.includes('xstate.'))).toEqual([]);
  });

  it('tell payload variants apart by the field that differs', () => {
    const names = uniqueNames([
      { base: 'editing —form.submit→ submitting', events: [{ type: 'form.submit', email: 'a@x' }] },
      { base: 'editing —form.submit→ submitting', events: [{ type: 'form.submit', email: 'b@x' }] },
      { base: 'editing —error.dismiss→ editing', events: [{ type: 'error.dismiss' }] },
    ]);
    expect(names).toEqual([
      'editing —form.submit→ submitting · email: "a@x"',
      'editing —form.submit→ submitting · email: "b@x"',
      'editing —error.dismiss→ editing',
    ]);
  });

  it('number paths that nothing else tells apart', () => {
    const same = { base: 'editing —error.dismiss→ editing', events: [{ type: 'error.dismiss' }] };
    expect(uniqueNames([same, same])).toEqual([
      'editing —error.dismiss→ editing (#1)',
      'editing —error.dismiss→ editing (#2)',
    ]);
  });

  it('are checked unique within a test file', () => {
    assertUniqueNames('tiny.test.ts', 'suite', ['a', 'b']);
    expect(() => assertUniqueNames('tiny.test.ts', 'suite', ['c', 'a'])).toThrow(
      'path test names are not unique in suite: a',
    );
    // The same names in another file, or another describe block, are fine.
    assertUniqueNames('other.test.ts', 'suite', ['a']);
    assertUniqueNames('tiny.test.ts', 'suite (input expiredFlag: true)', ['a']);
  });

  it('tell two suites of one machine in a file apart by their input', () => {
    expect(suiteTitle('twice.test.ts', 'tiny', undefined, { userId: 7, expiredFlag: false })).toBe(
      'tiny machine: generated paths',
    );
    expect(suiteTitle('twice.test.ts', 'tiny', undefined, { userId: 7, expiredFlag: true })).toBe(
      'tiny machine: generated paths (input expiredFlag: true)',
    );
    expect(suiteTitle('twice.test.ts', 'tiny', 'for a visitor')).toBe(
      'tiny machine: generated paths (for a visitor)',
    );
  });
});

describe('a recorded path', () => {
  it('has each step, readable, and the states and transitions it reached', async () => {
    const path = plan().find(
      (p) =>
        p.name ===
        'editing —form.submit→ submitting —login failed→ failed —after retryDelay→ editing',
    );
    expect(path).toBeDefined();
    const trace = newTrace();
    const { machine: provided, promises } = build();
    await runPath(path!, {
      machine: provided,
      promises,
      trace,
      spec: {
        initial: () => ({ value: 'editing', shown: { form: true } }),
        after: ({ snapshot }) => ({ value: snapshot.value, tags: {} }),
      },
    });
    expect(trace.start).toBe('editing');
    expect(trace.startSpec).toEqual({ value: 'editing', shown: { form: true } });
    expect(trace.steps.map((s) => [s.from, s.event, s.to])).toEqual([
      ['editing', 'form.submit', 'submitting'],
      ['submitting', 'login failed', 'failed'],
      ['failed', 'after retryDelay', 'editing'],
    ]);
    expect(trace.steps[0]?.payload).toMatch(/^\{"email":"[ab]@example.com"\}$/);
    expect(trace.steps[2]?.elapsedMs).toBe(1000);
    expect(trace.steps[1]?.spec).toEqual({ value: 'failed', tags: {} });
    expect([...trace.states].sort()).toEqual([
      'tiny',
      'tiny.editing',
      'tiny.failed',
      'tiny.submitting',
    ]);
    expect([...trace.transitions].sort()).toEqual([
      'tiny.editing | form.submit | #0',
      'tiny.failed | xstate.after.retryDelay.tiny.failed | #0',
      'tiny.submitting | xstate.error.actor.login | #0',
    ]);
  });
});
