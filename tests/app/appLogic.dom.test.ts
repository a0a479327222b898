import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { JwtPayload, SessionData } from '../../contract/auth';
import { INLINE_CONFIGURATION_ID } from '../../contract/paths';
import { createAppLogic } from '../../src/app/appLogic';
import { flowRegistry } from '../../src/app/flowList';
import type { Services } from '../../src/app/services';
import { createAppStorage } from '../../src/services/storage';
import type { ThirdParties } from '../../src/services/thirdParty';
import { createReloadFlag } from '../../src/services/version';
import { configuration } from '../support/fixtures';
import { MemoryStorage } from '../services/helpers/memoryStorage';
import { makeToken } from '../services/helpers/tokens';
import { fakeAppEffects } from '../support/appEffects';
import { SIGNAL_WAIT } from '../support/ceilings';

/** The composition root with in-memory storage and fake API calls (no network). */

function sessionData(firstName: string): SessionData {
  return {
    jwtToken: makeToken({ firstName }),
    jwtTokenExpiresIn: 900,
    refreshTokenExpiresAt: '2099-01-01T00:00:00.000Z',
  };
}

/** A session as the app stores it, valid for this long from now. */
function storedSession(claims: Partial<JwtPayload> = {}, validForMs = 900_000) {
  return {
    jwtToken: makeToken(claims),
    expiresAt: Date.now() + validForMs,
    refreshTokenExpiresAt: '2099-01-01T00:00:00.000Z',
  };
}

function setUp(pathname = '/', loadThirdParties?: () => Promise<ThirdParties>) {
  const local = new MemoryStorage();
  const storage = createAppStorage({ local, session: new MemoryStorage() });
  const auth = {
    login: vi.fn(async (_request: unknown) => sessionData('Zoë')),
    refreshToken: vi.fn(async () => sessionData('Refreshed')),
    revokeToken: vi.fn(async () => undefined),
    switchTenant: vi.fn(async () => sessionData('Switched')),
  };
  const tenants = {
    getCurrentTenantStatus: vi.fn(async () => ({
      isTrialing: false,
      trialEndDate: null,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEndDate: null,
      isOnboarding: false,
      paymentProviderCustomerId: null,
    })),
  };
  const http = {
    getJson: vi.fn(async () => ({ status: 1, messages: [], data: configuration })),
    // The login flow's entry builds its API group on the one HTTP client.
    post: vi.fn(async (path: string, _struct: unknown, body: unknown) => {
      if (path === 'auth/login') return { status: 1, messages: [], data: await auth.login(body) };
      throw new Error(`unexpected POST ${path}`);
    }),
  };
  const services = {
    storage,
    reloadFlag: createReloadFlag(),
    http,
    auth,
    tenants,
  } as unknown as Services;
  const effects = fakeAppEffects();
  const { logic, startThirdParties } = createAppLogic(
    services,
    effects,
    flowRegistry,
    loadThirdParties,
  );
  const actor = createActor(logic, {
    input: { pathname, expiredFlag: false, flows: flowRegistry },
  });
  const session = () => actor.getSnapshot().children.session!;
  /** Starts the app and waits until the configuration has loaded and the session runs. */
  const start = async () => {
    actor.start();
    await waitFor(actor, (s) => s.matches('running'));
  };
  return { actor, storage, local, auth, tenants, http, effects, session, start, startThirdParties };
}

const signedIn = (s: { hasTag(tag: string): boolean }) => s.hasTag('signedIn') && !s.hasTag('busy');

describe('the composition root', () => {
  it('logs in: stores the session with its expiry on this clock and goes to /dashboard', async () => {
    const { actor, storage, auth, effects, session } = setUp('/login');
    actor.start();
    // The login flow's code loads on demand, then its actors run under their systemIds.
    await waitFor(actor, (s) => s.context.flowRefs.loginForm !== undefined);
    const before = Date.now();
    actor.system.get('loginForm')!.send({
      type: 'form.submit',
      values: { email: 'zoë@example.org', password: 'Giving!2026' },
    });
    await waitFor(session(), signedIn);
    expect(auth.login).toHaveBeenCalledWith({ email: 'zoë@example.org', password: 'Giving!2026' });
    const stored = storage.readAuthSession();
    expect(stored?.jwtToken).toBe(session().getSnapshot().context.authSession?.jwtToken);
    expect(stored!.expiresAt).toBeGreaterThanOrEqual(before + 900_000);
    expect(stored!.expiresAt).toBeLessThanOrEqual(Date.now() + 900_000);
    await vi.waitFor(
      () => expect(effects.navigate).toHaveBeenCalledWith('/dashboard', { replace: false }),
      SIGNAL_WAIT,
    );
    actor.stop();
  });

  it('restores a stored session without calling the server', async () => {
    const { actor, storage, auth, session, start } = setUp('/');
    storage.writeAuthSession(storedSession({ firstName: 'Stored' }));
    await start();
    await waitFor(session(), signedIn);
    expect(session().getSnapshot().context.user?.firstName).toBe('Stored');
    expect(auth.refreshToken).not.toHaveBeenCalled();
    actor.stop();
  });

  it('refreshes through the server and stores the new session', async () => {
    const { actor, storage, auth, session, start } = setUp('/');
    storage.writeAuthSession(storedSession({ firstName: 'Stored' }));
    await start();
    await waitFor(session(), signedIn);
    session().send({ type: 'session.refresh' });
    await waitFor(session(), (s) => signedIn(s) && s.context.user?.firstName === 'Refreshed');
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(storage.readAuthSession()?.jwtToken).toBe(sessionData('Refreshed').jwtToken);
    actor.stop();
  });

  it('adopts a newer session another tab stored instead of refreshing again', async () => {
    const { actor, storage, auth, session, start } = setUp('/');
    storage.writeAuthSession(storedSession({ firstName: 'Stored' }));
    await start();
    await waitFor(session(), signedIn);
    // Another tab refreshed a moment ago (its storage event has not arrived here yet).
    storage.writeAuthSession(storedSession({ firstName: 'OtherTab' }, 950_000));
    session().send({ type: 'session.refresh' });
    await waitFor(session(), (s) => signedIn(s) && s.context.user?.firstName === 'OtherTab');
    expect(auth.refreshToken).not.toHaveBeenCalled();
    actor.stop();
  });

  it('signs out: revokes the token and removes authSession, user and passwordReset', async () => {
    const { actor, storage, local, auth, session, start } = setUp('/');
    storage.writeAuthSession(storedSession());
    local.setItem('user', '{}');
    local.setItem('passwordReset', '{}');
    local.setItem('unrelated', 'kept');
    await start();
    await waitFor(session(), signedIn);
    session().send({ type: 'session.signOut' });
    await waitFor(session(), (s) => s.hasTag('signedOut'));
    expect(auth.revokeToken).toHaveBeenCalledTimes(1);
    expect(local.keys()).toEqual(['unrelated']);
    actor.stop();
  });

  it('polls the tenant status once signed in', async () => {
    const { actor, storage, tenants } = setUp('/');
    storage.writeAuthSession(storedSession());
    actor.start();
    await vi.waitFor(
      () => expect(tenants.getCurrentTenantStatus).toHaveBeenCalledTimes(1),
      SIGNAL_WAIT,
    );
    await waitFor(actor, (s) => s.children.subscription?.getSnapshot().context.status !== null);
    actor.stop();
  });
});

describe('the configuration at start-up', () => {
  /** Puts the server's data block into the page, with `text` in it. */
  const inlineBlock = (text: string) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = INLINE_CONFIGURATION_ID;
    block.textContent = text;
    document.body.append(block);
  };
  afterEach(() => document.getElementById(INLINE_CONFIGURATION_ID)?.remove());

  it("takes the page's copy without a request when it is valid", async () => {
    const inline = { ...configuration, supportUrl: 'https://inline.example/support' };
    inlineBlock(JSON.stringify({ status: 1, messages: [], data: inline }));
    const { actor, http, start } = setUp('/');
    await start();
    expect(actor.getSnapshot().context.configuration).toEqual(inline);
    expect(http.getJson).not.toHaveBeenCalled();
    actor.stop();
  });

  it('requests GET /api/configuration when the page has no copy', async () => {
    const { actor, http, start } = setUp('/');
    await start();
    expect(http.getJson).toHaveBeenCalledTimes(1);
    expect(http.getJson.mock.calls[0]).toContain('/api/configuration');
    expect(actor.getSnapshot().context.configuration).toEqual(configuration);
    actor.stop();
  });

  it("requests it when the page's copy is not valid", async () => {
    const { minimumPasswordLength: _dropped, ...incomplete } = configuration;
    for (const text of [
      '{"status":1,',
      JSON.stringify({ status: 1, messages: [], data: incomplete }),
    ]) {
      inlineBlock(text);
      const { actor, http, start } = setUp('/');
      await start();
      expect(http.getJson, text).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.configuration).toEqual(configuration);
      actor.stop();
      document.getElementById(INLINE_CONFIGURATION_ID)?.remove();
    }
  });
});

describe('the third parties', () => {
  const fakeThirdParties = {} as ThirdParties;

  it('do not load when the configuration arrives, but once when asked for', async () => {
    const load = vi.fn(async () => fakeThirdParties);
    const { actor, start, startThirdParties } = setUp('/', load);
    await start();
    // The landing page's flow has started: still nothing asked for them.
    await waitFor(actor, (s) => s.matches({ running: { flow: 'running' } }));
    expect(load).not.toHaveBeenCalled();
    await expect(startThirdParties()).resolves.toBe(fakeThirdParties);
    await expect(startThirdParties()).resolves.toBe(fakeThirdParties);
    expect(load).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('cannot be asked for before the configuration has loaded', () => {
    const load = vi.fn(async () => fakeThirdParties);
    const { startThirdParties } = setUp('/', load);
    expect(() => startThirdParties()).toThrow('The configuration has not loaded yet');
    expect(load).not.toHaveBeenCalled();
  });
});
