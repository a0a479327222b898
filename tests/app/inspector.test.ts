import { createInspector } from '@statelyai/inspect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { inspectorOptions } from '../../src/app/inspector';
import { loginMachine } from '../../src/machines/loginMachine';
import { makeSession } from '../support/fixtures';

describe('what reaches the Stately inspector', () => {
  it('carries no password and no token, although the login actor takes and returns them', async () => {
    const sent: unknown[] = [];
    const inspector = createInspector(
      {
        send: (event: unknown) => sent.push(inspectorOptions.serialize(event)),
        start() {},
        stop() {},
      },
      inspectorOptions,
    );
    const session = makeSession('secret.jwt.token');
    const actor = createActor(
      loginMachine.provide({ actors: { login: fromPromise(async () => session) } }),
      { inspect: inspector.inspect },
    );
    actor.start();
    actor.send({
      type: 'form.submit',
      values: { email: 'owner@example.com', password: 'Giving!2026' },
    });
    await waitFor(actor, (s) => s.status === 'done');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the inspector sends when idle

    const text = JSON.stringify(sent);
    expect(sent.length).toBeGreaterThan(3);
    expect(text).toContain('owner@example.com');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('Giving!2026');
    expect(text).not.toContain('secret.jwt.token');
  });
});
