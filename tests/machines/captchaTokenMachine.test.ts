import { expect } from 'vitest';
import { captchaTokenMachine, captchaTokenTexts } from '../../src/machines/captchaTokenMachine';
import { describePaths, FakePromises } from '../support/pathHarness';

const TOKEN = 'captcha-token-1';

await describePaths({
  machine: captchaTokenMachine,
  input: { action: 'signup' },
  build: () => {
    const promises = new FakePromises();
    const machine = captchaTokenMachine.provide({
      actors: { executeCaptcha: promises.logic('executeCaptcha') as never },
    });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'xstate.done.actor.executeCaptcha', output: TOKEN },
    { type: 'xstate.error.actor.executeCaptcha', error: new Error('captcha unavailable') },
  ],
  afterStep: ({ event, snapshot, previous, elapsedMs }) => {
    const { attempt } = snapshot.context;
    expect(attempt).toBeLessThanOrEqual(3);
    if (event.type.startsWith('xstate.after.')) {
      // Spec §9: attempts 1 s apart.
      expect(elapsedMs).toBe(1000);
      expect(attempt).toBe(previous.context.attempt + 1);
    }
    if (snapshot.matches('generated')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toBe(TOKEN);
    }
    if (snapshot.matches('failed')) {
      // Only the third failed attempt gives up.
      expect(attempt).toBe(3);
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toBeNull();
      expect(snapshot.hasTag('error')).toBe(true);
      expect(captchaTokenTexts).toEqual({
        failedTitle: 'ReCaptcha Error',
        failed: 'Failed to generate ReCaptcha token, please refresh the page.',
      });
    }
    if (snapshot.matches('waiting')) expect(snapshot.hasTag('busy')).toBe(true);
  },
  afterPath: (plan, _spies, promises) => {
    // One call per attempt, each for the 'signup' action.
    const attempts = plan.steps.filter((s) => s.event.type.startsWith('xstate.after.')).length + 1;
    expect(promises.calls).toHaveLength(attempts);
    for (const call of promises.calls) expect(call.input).toEqual({ action: 'signup' });
  },
});
