import { createInspector } from '@statelyai/inspect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import {
  inspectorOptions,
  inspectorUrl,
  observing,
  STATELY_INSPECTOR_URL,
  watchRequests,
} from '../../src/app/inspector';
import { createSecretRedactor } from '../../src/app/secretRedactor';
import { invitationMachine } from '../../src/features/invitation/invitationMachine';
import { loginMachine } from '../../src/features/login/loginMachine';
import { passwordResetMachine } from '../../src/features/passwordReset/passwordResetMachine';
import { captchaTokenMachine } from '../../src/machines/captchaTokenMachine';
import { makeInvitationByKey, makeSession } from '../support/fixtures';

/**
 * An inspector with our options whose adapter keeps what it would send, and the observer the
 * actor system is given (the redactor learns each event as it happens).
 */
function recordingInspector() {
  const sent: unknown[] = [];
  const redactor = createSecretRedactor();
  const options = inspectorOptions(redactor);
  const inspector = createInspector(
    { send: (event: unknown) => sent.push(options.serialize(event)), start() {}, stop() {} },
    options,
  );
  return { sent, redactor, inspect: observing(redactor, inspector.inspect) };
}

/** The inspector converts and sends when the browser is idle: wait until it has sent it all. */
async function settled(sent: unknown[]): Promise<string> {
  let count = -1;
  while (count !== sent.length) {
    count = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return JSON.stringify(sent);
}

const invitation = makeInvitationByKey('emailed-invitation-key-42');

describe('what reaches the Stately inspector', () => {
  it('carries no password and no token, although the login actor takes and returns them', async () => {
    const { sent, inspect } = recordingInspector();
    const session = makeSession('secret.jwt.token');
    const actor = createActor(
      loginMachine.provide({ actors: { login: fromPromise(async () => session) } }),
      { inspect },
    );
    actor.start();
    actor.send({
      type: 'form.submit',
      values: { email: 'owner@example.com', password: 'Giving!2026' },
    });
    await waitFor(actor, (s) => s.status === 'done');

    const text = await settled(sent);
    expect(sent.length).toBeGreaterThan(3);
    expect(text).toContain('owner@example.com');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('Giving!2026');
    expect(text).not.toContain('secret.jwt.token');
  });

  it("carries no emailed reset key, although the reset flow's context and calls hold it", async () => {
    const { sent, inspect } = recordingInspector();
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          validatePasswordResetKey: fromPromise(async () => true),
          resetPassword: fromPromise(async (): Promise<void> => undefined),
        },
      }),
      { input: { key: 'emailed-key-5f3a', minimumPasswordLength: 6 }, inspect },
    );
    actor.start();
    await waitFor(actor, (s) => !s.hasTag('busy'));
    actor.send({ type: 'form.submit', values: { newPassword: 'Better!2027' } });
    await waitFor(actor, (s) => s.matches('updated'));

    const text = await settled(sent);
    expect(sent.length).toBeGreaterThan(3);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('emailed-key-5f3a');
    expect(text).not.toContain('Better!2027');
  });

  it('carries no captcha token, although the captcha answers it as a bare string', async () => {
    const { sent, inspect } = recordingInspector();
    const actor = createActor(
      captchaTokenMachine.provide({
        actors: { executeCaptcha: fromPromise(async () => 'captcha-token-0a1b2c') },
      }),
      { input: { action: 'signup' }, inspect },
    );
    actor.start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toBe('captcha-token-0a1b2c');

    const text = await settled(sent);
    expect(text).toContain('xstate.done.actor.executeCaptcha');
    expect(text).not.toContain('captcha-token-0a1b2c');
  });

  it('carries no invitation key, captcha token, password or token while an invitation is accepted', async () => {
    const { sent, inspect } = recordingInspector();
    const calls: unknown[] = [];
    const actor = createActor(
      invitationMachine.provide({
        actors: {
          getUserByInvitationKey: fromPromise(async () => invitation),
          captchaToken: captchaTokenMachine.provide({
            actors: { executeCaptcha: fromPromise(async () => 'captcha-token-invite-9') },
          }) as unknown as AnyActorLogic as typeof captchaTokenMachine,
          acceptUserInvitation: fromPromise(async ({ input }) => {
            calls.push(input);
            return { kind: 'signedIn' as const, session: makeSession('invitee.jwt.token') };
          }),
        },
      }),
      { input: { key: 'emailed-invitation-key-42', minimumPasswordLength: 6 }, inspect },
    );
    actor.start();
    await waitFor(actor, (s) => s.matches({ accepting: 'editing' }));
    actor.send({
      type: 'form.submit',
      values: {
        firstName: 'Ivy',
        lastName: 'Vine',
        email: 'invitee@example.com',
        password: 'Invited!2026',
      },
    });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toHaveLength(1); // the call did carry the secrets

    const text = await settled(sent);
    expect(text).toContain('Helping Hands');
    for (const secret of [
      'emailed-invitation-key-42',
      'captcha-token-invite-9',
      'Invited!2026',
      'invitee.jwt.token',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the API calls the inspector watches', () => {
  it('learns the secrets of requests and answers before the app holds them', async () => {
    const redactor = createSecretRedactor();
    const answer = { status: 'Success', messages: [], data: { token: 'dev-captcha-token-5' } };
    const target: { fetch: typeof fetch } = {
      fetch: async () =>
        new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
    };
    const undo = watchRequests(redactor, target);
    await target.fetch('http://localhost/api/dev/captcha/token', {
      method: 'POST',
      body: JSON.stringify({ action: 'signup' }),
    });
    await target.fetch(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'a@b.cd', password: 'Typed!Pass1' }),
      }),
    );
    await target.fetch(
      'http://localhost/api/userInvitations/getUserByInvitationKey?key=query-key-31',
    );
    undo();
    for (const secret of ['dev-captcha-token-5', 'Typed!Pass1', 'query-key-31']) {
      expect(redactor.knows(secret)).toBe(true);
    }
  });
});

describe('where the inspector may send', () => {
  const origin = 'http://localhost:3300';
  it.each([
    ['?x=1', null],
    ['?inspect', STATELY_INSPECTOR_URL],
    ['?inspect=', STATELY_INSPECTOR_URL],
    ['?inspect=/inspector.html', 'http://localhost:3300/inspector.html'],
    ['?inspect=http://127.0.0.1:4000/collect', 'http://127.0.0.1:4000/collect'],
    ['?inspect=https://evil.example/collect', null],
    ['?inspect=javascript:alert(1)', null],
  ])('%s → %s', (search, expected) => {
    expect(inspectorUrl(search, origin)).toBe(expected);
  });
});
