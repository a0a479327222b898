/**
 * The path tests of a screen that sends the key of the link it was opened by, once, and shows the
 * answer (spec §2.3 Activation and Email confirmation, §8): busy while the call runs; a success
 * notice when the server accepts the key; a failure notice when it refuses it (not offered again);
 * another failure notice when the call failed, which Retry sends again. Each screen's test gives
 * its machine, its selectors and the spec's texts; this model and its checks are shared.
 */
import { expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { describePaths, withFakePromises, type FakePromises, type SpecState } from './pathHarness';

type Phase = 'busy' | 'accepted' | 'invalid' | 'failed';
interface Shown {
  phase: Phase;
  /** The failed call got no answer (a screen that words that case its own way). */
  noAnswer: boolean;
  /** How many calls the screen should have made. */
  calls: number;
}

interface Notice {
  title: string;
  text: string;
}

export interface LinkKeyScreen<S extends AnyMachineSnapshot> {
  machine: AnyStateMachine;
  key: string;
  /** The call's actor name and the input it carries (the link's key). */
  actor: string;
  callInput: unknown;
  /** The server's answers: the key accepted, then refused. */
  outputs: { accepted: unknown; refused: unknown };
  /** The screen's busy word in test names ('activating') and its busy text, as shown and as in the spec. */
  busy: { name: string; shown: string; spec: string };
  /** The spec's notices: the key accepted, refused, or the call failed. */
  notices: { accepted: Notice; invalid: Notice; failed: Notice };
  /** The titles and success text the screen shows, as the machine's file words them. */
  texts: { successTitle: string; success: string; errorTitle: string };
  select: {
    busy: (s: S) => boolean;
    result: (s: S) => unknown;
    /** The failure panel's text: the refused key's notice, else the failed call's. */
    failureText: (s: S) => string;
    canRetry: (s: S) => boolean;
  };
  /**
   * A failed call that got no answer, with the failure text the screen shows then (spec §8
   * Authentication's 'Error activating account, please try again.'); without it, every failed
   * call shows the failed notice.
   */
  noAnswer?: { error: unknown; text: string };
  /** What else the screen shows in every state. */
  alsoShown?: (s: S) => void;
  /**
   * The spec's names of the screen's states: while the call runs ('activating') and when the
   * key was accepted ('activated'); a refused key is 'invalid', a failed call 'failed'.
   */
  states: { busy: string; accepted: string };
}

/** The result panel in each phase: the busy text, the success or the failure (spec §2.3). */
const results = { busy: 'busy', accepted: 'success', invalid: 'failure', failed: 'failure' };

export async function describeLinkKeyScreen<S extends AnyMachineSnapshot>(
  screen: LinkKeyScreen<S>,
): Promise<void> {
  const start = (): Shown => ({ phase: 'busy', noAnswer: false, calls: 1 });
  let shown = start();
  const done = `xstate.done.actor.${screen.actor}`;
  const failed = `xstate.error.actor.${screen.actor}`;

  function expected(event: { type: string; output?: unknown; error?: unknown }): Shown {
    const { phase } = shown;
    switch (event.type) {
      case done:
        if (phase !== 'busy') return shown;
        return {
          ...shown,
          phase: event.output === screen.outputs.accepted ? 'accepted' : 'invalid',
        };
      case failed:
        return phase === 'busy'
          ? {
              ...shown,
              phase: 'failed',
              noAnswer: screen.noAnswer !== undefined && event.error === screen.noAnswer.error,
            }
          : shown;
      case 'retry':
        return phase === 'failed'
          ? { phase: 'busy', noAnswer: false, calls: shown.calls + 1 }
          : shown;
      default:
        return shown;
    }
  }

  function expectShown(s: S, calls: FakePromises['calls']) {
    expect(screen.select.busy(s)).toBe(shown.phase === 'busy');
    expect(screen.select.result(s)).toBe(results[shown.phase]);
    expect(screen.select.failureText(s)).toBe(
      shown.phase === 'invalid'
        ? screen.notices.invalid.text
        : shown.phase === 'failed' && shown.noAnswer && screen.noAnswer
          ? screen.noAnswer.text
          : screen.notices.failed.text,
    );
    screen.alsoShown?.(s);
    // Only a failed call is offered again; a refused key is not.
    expect(screen.select.canRetry(s)).toBe(shown.phase === 'failed');
    // Each call carries the link's key.
    expect(calls).toEqual(
      Array.from({ length: shown.calls }, () => ({ name: screen.actor, input: screen.callInput })),
    );
    expect(s.status).toBe('active');
  }

  /**
   * The spec's table of the screen's states: busy (the key is being sent, the busy text shown),
   * accepted (the success notice), invalid (the refused key's notice, not offered again), failed
   * (the failed call's notice, Retry offered). None ends the flow: the screen stays until left.
   */
  function state(): SpecState {
    const value = {
      busy: screen.states.busy,
      accepted: screen.states.accepted,
      invalid: 'invalid',
      failed: 'failed',
    }[shown.phase];
    return { value, tags: { busy: shown.phase === 'busy' }, shown };
  }

  const build = withFakePromises(screen.machine, screen.actor);

  it(`says what it is doing while ${screen.busy.name}`, () => {
    expect(screen.busy.shown).toBe(screen.busy.spec);
  });

  it("shows the spec's titles and success text", () => {
    expect(screen.texts.successTitle).toBe(screen.notices.accepted.title);
    expect(screen.texts.success).toBe(screen.notices.accepted.text);
    expect(screen.texts.errorTitle).toBe(screen.notices.invalid.title);
    expect(screen.texts.errorTitle).toBe(screen.notices.failed.title);
  });

  it(`opens ${screen.busy.name}, with the key sent`, async () => {
    const { machine, promises } = build();
    const actor = createActor(machine, { input: { key: screen.key } }).start();
    await Promise.resolve();
    shown = start();
    expectShown(actor.getSnapshot() as S, promises.calls);
    actor.stop();
  });

  const noAnswer = screen.noAnswer;
  if (noAnswer) {
    it(`a call that got no answer says so: '${noAnswer.text}'; a retry's failure the usual text`, async () => {
      const { machine, promises } = build();
      const actor = createActor(machine, { input: { key: screen.key } }).start();
      const settle = async (error: unknown) => {
        promises.settle(screen.actor, 'error', error);
        await new Promise((resolve) => setTimeout(resolve, 0));
      };
      await settle(noAnswer.error);
      expect(screen.select.failureText(actor.getSnapshot() as S)).toBe(noAnswer.text);
      actor.send({ type: 'retry' });
      expect(screen.select.failureText(actor.getSnapshot() as S)).toBe(screen.notices.failed.text);
      await settle(new Error('network down'));
      expect(screen.select.failureText(actor.getSnapshot() as S)).toBe(screen.notices.failed.text);
      actor.stop();
    });
  }

  await describePaths({
    machine: screen.machine,
    input: { key: screen.key },
    unhandled: true,
    build,
    events: [
      { type: 'retry' },
      { type: done, output: screen.outputs.accepted },
      { type: done, output: screen.outputs.refused },
      { type: failed, error: new Error('network down') },
      ...(screen.noAnswer ? [{ type: failed, error: screen.noAnswer.error }] : []),
    ],
    afterStep: ({ event, snapshot }, { promises }) => {
      shown = expected(event);
      expectShown(snapshot as S, promises.calls);
    },
    spec: {
      initial: () => {
        shown = start();
        return state();
      },
      after: state,
    },
  });
}
