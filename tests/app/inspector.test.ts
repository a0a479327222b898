import { createInspector } from '@statelyai/inspect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { inspectorOptions } from '../../src/app/inspector';
import { loginMachine } from '../../src/features/login/loginMachine';
import { passwordResetMachine } from '../../src/features/passwordReset/passwordResetMachine';
import { makeSession } from '../support/fixtures';

/** An inspector with our options whose adapter keeps what it would send. */
function recordingInspector() {
  const sent: unknown[] = [];
  const inspector = createInspector(
    {
      send: (event: unknown) => sent.push(inspectorOptions.serialize(event)),
      start() {},
      stop() {},
    },
    inspectorOptions,
  );
  return { sent, inspector };
}

describe('what reaches the Stately inspector', () => {
  it('carries no password and no token, although the login actor takes and returns them', async () => {
    const { sent, inspector } = recordingInspector();
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

  it("carries no emailed reset key, although the reset flow's context and calls hold it", async () => {
    const { sent, inspector } = recordingInspector();
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          validatePasswordResetKey: fromPromise(async () => true),
          resetPassword: fromPromise(async (): Promise<void> => undefined),
        },
      }),
      { input: { key: 'emailed-key-5f3a', minimumPasswordLength: 6 }, inspect: inspector.inspect },
    );
    actor.start();
    await waitFor(actor, (s) => !s.hasTag('busy'));
    actor.send({ type: 'form.submit', values: { newPassword: 'Better!2027' } });
    await waitFor(actor, (s) => s.matches('updated'));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const text = JSON.stringify(sent);
    expect(sent.length).toBeGreaterThan(3);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('emailed-key-5f3a');
    expect(text).not.toContain('Better!2027');
  });
});
