import { expect } from 'vitest';
import { configMachine, configTexts } from '../../src/machines/configMachine';
import { configuration } from '../support/fixtures';
import { describePaths, FakePromises } from '../support/pathHarness';

await describePaths({
  machine: configMachine,
  build: () => {
    const promises = new FakePromises();
    const machine = configMachine.provide({
      actors: { fetchConfiguration: promises.logic('fetchConfiguration') as never },
    });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'xstate.done.actor.fetchConfiguration', output: configuration },
    { type: 'xstate.error.actor.fetchConfiguration', error: new Error('offline') },
  ],
  afterStep: ({ event, snapshot, previous, elapsedMs }) => {
    const { attempt, error } = snapshot.context;
    if (event.type.startsWith('xstate.after.')) {
      // Spec §9: waiting 1 s times the attempt number between tries.
      expect(elapsedMs).toBe(1000 * previous.context.attempt);
      expect(attempt).toBe(previous.context.attempt + 1);
    }
    expect(attempt).toBeLessThanOrEqual(3);
    if (snapshot.matches('waiting')) {
      expect(error).toBe(configTexts.retrying(attempt));
    }
    if (snapshot.matches('failed')) {
      expect(attempt).toBe(3);
      expect(error).toBe('Error initializing application, please reload the page.');
    }
    if (snapshot.matches('loaded')) {
      expect(snapshot.output).toEqual(configuration);
    }
  },
});
