import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AuthCodeResponse } from '../../contract/identity';
import { ResponseStatus } from '../../contract/enums';
import { App } from '../../src/app/App';
import type { AppRuntime } from '../../src/app/appContext';
import { createAppLogic } from '../../src/app/appLogic';
import { flowRegistry } from '../../src/app/flowList';
import type { Services } from '../../src/app/services';
import type { CountryOption } from '../../src/shared/countries';
import type { SignupResult } from '../../src/features/signup/signupMachine';
import type { ThirdParties } from '../../src/services/thirdParty';
import { createAppStorage } from '../../src/services/storage';
import { createRateLimitWaits } from '../../src/services/rateLimitWaits';
import { createReloadFlag } from '../../src/services/version';
import { MemoryStorage } from '../services/helpers/memoryStorage';
import { fakeAppEffects } from '../support/appEffects';
import { configuration } from '../support/fixtures';

/**
 * The identity screens inside the real app: the flow registry, the app machine, each flow's
 * real entry (its machines provided with the real API groups) and the Screen it renders. Only
 * the HTTP client and the third-party adapters are fakes, so each test says what the server
 * (or the provider) answers.
 */

const COUNTRIES: CountryOption[] = [
  { code: 'FR', name: 'France', callingCode: '33' },
  { code: 'GB', name: 'United Kingdom', callingCode: '44' },
];

interface Fakes {
  verifyAccount: () => Promise<void>;
  verifyAccountCode: () => Promise<boolean>;
  handleExists: () => Promise<boolean>;
  signup: () => Promise<SignupResult>;
  requestAuthCode: () => Promise<AuthCodeResponse>;
  activate: (request: unknown) => Promise<{ activated: boolean; message: string }>;
  confirmEmailAddress: () => Promise<{ confirmed: boolean; message: string }>;
  requestPasswordReset: () => Promise<{ kind: 'ok' } | { kind: 'warning'; messages: string[] }>;
  validatePasswordResetKey: () => Promise<boolean>;
  countries: () => Promise<CountryOption[]>;
}

const never = <T,>() => new Promise<T>(() => undefined);
const ok = (data: unknown) => ({ status: ResponseStatus.Ok, messages: [], data });

function setUp(pathname: string, overrides: Partial<Fakes> = {}) {
  const fakes: Fakes = {
    verifyAccount: vi.fn(async () => undefined),
    verifyAccountCode: vi.fn(async () => true),
    handleExists: vi.fn(async () => false),
    signup: vi.fn(async (): Promise<SignupResult> => ({ kind: 'created' })),
    requestAuthCode: vi.fn(() => never<AuthCodeResponse>()),
    activate: vi.fn(async (_request: unknown) => ({ activated: true, message: '' })),
    confirmEmailAddress: vi.fn(async () => ({ confirmed: true, message: '' })),
    requestPasswordReset: vi.fn(async () => ({ kind: 'ok' as const })),
    validatePasswordResetKey: vi.fn(async () => true),
    countries: vi.fn(async () => COUNTRIES),
    ...overrides,
  };
  /** The server's answers, by path (spec §7.2 envelopes). */
  const answer = async (path: string, body?: unknown): Promise<unknown> => {
    switch (path) {
      case 'auth/verifyAccount':
        await fakes.verifyAccount();
        return ok({ sent: true });
      case 'auth/verifyAccountCode':
        return ok({ verified: await fakes.verifyAccountCode() });
      case 'users/handleExists':
        return ok(await fakes.handleExists());
      case 'auth/signup': {
        const result = await fakes.signup();
        return result.kind === 'warning'
          ? { status: ResponseStatus.Warning, messages: result.messages, data: null }
          : ok(null);
      }
      case 'auth/requestPasswordReset': {
        const result = await fakes.requestPasswordReset();
        return result.kind === 'warning'
          ? { status: ResponseStatus.Warning, messages: result.messages, data: null }
          : ok(null);
      }
      case 'auth/validatePasswordResetKey':
        return ok({ valid: await fakes.validatePasswordResetKey() });
      case 'auth/activate':
        return ok(await fakes.activate(body));
      case 'auth/confirmEmailAddress':
        return ok(await fakes.confirmEmailAddress());
      case 'countries/list':
        return ok({ list: (await fakes.countries()).map((c) => ({ ...c, enabled: true })) });
      default:
        return never();
    }
  };
  const http = {
    getJson: vi.fn(async () => ok(configuration)),
    get: vi.fn((path: string, _struct: unknown, query?: unknown) => answer(path, query)),
    post: vi.fn((path: string, _struct: unknown, body?: unknown) => answer(path, body)),
    url: (path: string) => `/api/${path}`,
  };
  const storage = createAppStorage({ local: new MemoryStorage(), session: new MemoryStorage() });
  const services = {
    storage,
    reloadFlag: createReloadFlag(),
    http,
    auth: { revokeToken: vi.fn(async () => undefined) },
    tenants: { getCurrentTenantStatus: vi.fn(() => never()) },
  } as unknown as Services;
  const thirdParties: ThirdParties = {
    captcha: { ready: async () => undefined, execute: async () => 'captcha-token' },
    signIn: { requestCode: () => fakes.requestAuthCode() },
  } as unknown as ThirdParties;
  const effects = fakeAppEffects();
  const { logic, entries } = createAppLogic(
    services,
    effects,
    flowRegistry,
    async () => thirdParties,
  );
  window.history.replaceState(null, '', pathname);
  const actor = createActor(logic, {
    input: { pathname, expiredFlag: false, flows: flowRegistry },
  });
  const runtime: AppRuntime = {
    actor,
    reloadFlag: createReloadFlag(),
    rateLimitWaits: createRateLimitWaits(),
    clientVersion: 'test',
    entries,
    screenShown: vi.fn(),
  };
  actor.start();
  running.push(actor);
  render(<App runtime={runtime} />);
  return { actor, fakes, loadCountries: fakes.countries, screenShown: runtime.screenShown };
}

// The whole app renders here (the signup form is large): on a busy machine a screen can take
// more than the default second to appear.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

// The flows' code is imported once, before the first test (on demand, the first screen of the
// file would wait for the import within its own time limit).
beforeAll(async () => {
  await Promise.all(flowRegistry.map((flow) => flow.load()));
});

const running: { stop(): void }[] = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** Fills the signup form except the handle and the email. */
async function fillSignupForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('First name'), 'Ann');
  await user.type(screen.getByLabelText('Last name'), 'Lee');
  await user.type(screen.getByLabelText('Date of birth'), '1990-05-04');
  await user.type(screen.getByLabelText('Password'), 'Giving!2026');
  await user.type(screen.getByLabelText('Confirm password'), 'Giving!2026');
  await user.click(screen.getByLabelText(/I accept the terms/));
  await user.click(screen.getByLabelText(/I accept the privacy/));
}

async function verifyEmail(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await user.type(await screen.findByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  await screen.findByText('Verified');
}

describe('Signup screen', () => {
  it("is titled 'Sign Up' at /signup, with the loaded countries", async () => {
    const { loadCountries } = setUp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(document.title).toBe('Givedrop | Sign Up');
    expect(screen.getByText('Fund Raiser / Individual')).toBeTruthy();
    await screen.findByRole('option', { name: 'France (+33)' });
    expect(loadCountries).toHaveBeenCalled();
  });

  it("is titled 'Create Account' at /signup-charity, with the company name", async () => {
    setUp('/signup-charity');
    expect(await screen.findByLabelText('Company name')).toBeTruthy();
    expect(document.title).toBe('Givedrop | Create Account');
  });

  it('focuses the field the machine names when it blocks the submission', async () => {
    const user = userEvent.setup();
    // The handle check never answers: the machine has no available handle.
    setUp('/signup', { handleExists: vi.fn(() => never<boolean>()) });
    await fillSignupForm(user);
    await verifyEmail(user, 'ann@example.org');
    await user.type(screen.getByLabelText('Profile name/handle'), 'ann_lee');
    await user.click(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Profile name/handle')),
    );
    expect(screen.getByText('Profile name/handle not available')).toBeTruthy();
    // Pressed again with the same error: focused again.
    await user.click(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Profile name/handle')),
    );
  });

  it("keeps what was typed when the signup fails, with 'Signup Error'", async () => {
    const user = userEvent.setup();
    const { fakes } = setUp('/signup', {
      signup: vi.fn(async () => {
        throw { messages: ['The server said no'] };
      }),
    });
    await fillSignupForm(user);
    await user.type(screen.getByLabelText('Profile name/handle'), 'ann_lee');
    await screen.findByText('Available');
    await verifyEmail(user, 'ann@example.org');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Signup Error')).toBeTruthy();
    expect(screen.getByText('The server said no')).toBeTruthy();
    expect(fakes.signup).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ann');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Giving!2026');
    expect((screen.getByLabelText('Profile name/handle') as HTMLInputElement).value).toBe(
      'ann_lee',
    );
  });

  it("shows 'Account Created' with the verified address when activation is required", async () => {
    const user = userEvent.setup();
    setUp('/signup');
    await fillSignupForm(user);
    await user.type(screen.getByLabelText('Profile name/handle'), 'ann_lee');
    await screen.findByText('Available');
    await verifyEmail(user, 'ann@example.org');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Account Created' })).toBeTruthy();
    expect(screen.getByText('ann@example.org')).toBeTruthy();
  });

  it("'(change email)' while awaiting the code goes back to the address", async () => {
    const user = userEvent.setup();
    setUp('/signup');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.org');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByLabelText('Verification code');
    await user.click(screen.getByRole('button', { name: /change email/ }));
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).toBeNull());
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.readOnly).toBe(false);
    expect(email.value).toBe('ann@example.org');
  });

  it('starts the third-party sign-up with the checked details', async () => {
    const user = userEvent.setup();
    const { fakes } = setUp('/signup');
    await user.click(await screen.findByLabelText(/I accept the terms/));
    await user.click(screen.getByLabelText(/I accept the privacy/));
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    await waitFor(() => expect(fakes.requestAuthCode).toHaveBeenCalledTimes(1));
  });
});

describe('The outlet', () => {
  it("tells the runtime once a flow's screen is shown (the third parties wait for it)", async () => {
    const { screenShown } = setUp('/forgotten-password');
    await screen.findByLabelText('Email');
    await waitFor(() => expect(screenShown).toHaveBeenCalled());
  });
});

describe('Login screen', () => {
  it("'Login with Google' starts the provider; a failure shows 'Login Error'", async () => {
    const user = userEvent.setup();
    const { fakes } = setUp('/login', {
      requestAuthCode: vi.fn(async () => {
        throw { type: 'popup_closed' };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Login with Google' }));
    // The provider's failure code, in words a person can read.
    expect(
      await screen.findByText(
        'Google login failed: the sign-in window was closed before signing in.',
      ),
    ).toBeTruthy();
    expect(fakes.requestAuthCode).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss third-party login error' }));
    await waitFor(() => expect(screen.queryByText('Google login failed: popup_closed')).toBeNull());
  });
});

describe('Password recovery screens', () => {
  it('Forgotten Password: the request hides the form', async () => {
    const user = userEvent.setup();
    setUp('/forgotten-password');
    await user.type(await screen.findByLabelText('Email'), 'ann@example.org');
    await user.click(screen.getByRole('button', { name: 'Request Password Reset' }));
    expect(await screen.findByText('Password Reset Requested')).toBeTruthy();
    expect(document.title).toBe('Givedrop | Forgotten Password');
  });

  it("Reset Password: a link that is not valid shows 'Invalid Link'", async () => {
    setUp('/forgotten-password/some-key', { validatePasswordResetKey: vi.fn(async () => false) });
    expect(await screen.findByText('Invalid Link')).toBeTruthy();
    expect(document.title).toBe('Givedrop | Reset Password');
  });

  it('Reset Password: a valid link shows the form', async () => {
    setUp('/forgotten-password/some-key');
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });
});

describe('Emailed key screens', () => {
  it("Activation: 'Account Activated'", async () => {
    const { fakes } = setUp('/activate/the-key');
    expect(await screen.findByRole('heading', { name: 'Account Activated' })).toBeTruthy();
    expect(document.title).toBe('Givedrop | Activate Account');
    expect(fakes.activate).toHaveBeenCalledWith({ activationKey: 'the-key' });
  });

  it("Activation: a key that is not valid shows 'Error Activating Account'", async () => {
    setUp('/activate/the-key', {
      activate: vi.fn(async () => ({ activated: false, message: '' })),
    });
    expect(await screen.findByRole('heading', { name: 'Error Activating Account' })).toBeTruthy();
    expect(
      screen.getByText('The activation link is invalid or has expired, please try again'),
    ).toBeTruthy();
  });

  it("Email confirmation: a failed call shows 'Error Confirming Email Address'", async () => {
    setUp('/account/confirm-email/the-key', {
      confirmEmailAddress: vi.fn(async () => {
        throw new Error('offline');
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Error Confirming Email Address' }),
    ).toBeTruthy();
    expect(document.title).toBe('Givedrop | Confirm Email Address');
  });

  it("Start Signup: the two account types, titled 'Start Signup'", async () => {
    setUp('/start-signup');
    expect(await screen.findByRole('link', { name: /Charity \/ Organization/ })).toBeTruthy();
    expect(document.title).toBe('Givedrop | Start Signup');
  });
});
