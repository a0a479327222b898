import { fromCallback, fromPromise } from 'xstate';
import type { AuthSession, SessionData } from '../../contract/auth';
import type { AuthCodeResponse, SignupRequest } from '../../contract/identity';
import type { Configuration } from '../../contract/configuration';
import { activationMachine } from '../machines/activationMachine';
import { appMachine } from '../machines/appMachine';
import { captchaTokenMachine } from '../machines/captchaTokenMachine';
import { configMachine } from '../machines/configMachine';
import { createPostMachine, type CreatePostEvent } from '../machines/createPostMachine';
import { dropsCarouselMachine } from '../machines/dropsCarouselMachine';
import { emailConfirmationMachine } from '../machines/emailConfirmationMachine';
import { emailVerificationMachine } from '../machines/emailVerificationMachine';
import { handleCheckMachine } from '../machines/handleCheckMachine';
import { loginMachine } from '../machines/loginMachine';
import { passwordResetMachine } from '../machines/passwordResetMachine';
import { passwordResetRequestMachine } from '../machines/passwordResetRequestMachine';
import { postsFeedMachine } from '../machines/postsFeedMachine';
import { signupMachine, type SignupResult } from '../machines/signupMachine';
import { thirdPartySignInMachine } from '../machines/thirdPartySignInMachine';
import {
  refreshDelayMs,
  sessionMachine,
  type EstablishedSession,
  type RefreshInput,
  type SessionEvent,
} from '../machines/sessionMachine';
import { subscriptionMachine } from '../machines/subscriptionMachine';
import { fetchConfiguration } from '../services/api/configuration';
import {
  subscribeToAuthSessionChanges,
  waitForStoredSession,
  withRefreshLock,
} from '../services/sessionSync';
import { sampleDropsPage, samplePostsPage } from '../services/sampleContent';
import { createThirdParties, type ThirdParties } from '../services/thirdParty';
import { userFromToken } from '../services/token';
import type { Services } from './services';
import { uploadPostImage } from './postMedia';
import { readableSignInFailure } from './signInFailure';

export interface AppEffects {
  /** Client-side navigation inside the app. */
  navigate(to: string): void;
  /** A full page load (after a session refresh with a redirect target). */
  loadPage(to: string): void;
  /** Where failures that are only logged go. */
  logError(message: string, error: unknown): void;
  /** Removes a query parameter from the address bar without a navigation (history replace). */
  removeQueryParam(name: string): void;
  /** This site's origin, for the links the server mails (e.g. the password-reset page). */
  origin(): string;
}

/** How long a tab that waited on another tab's refresh waits for its session to arrive. */
const OTHER_TAB_WAIT_MS = 2_000;

function established(authSession: AuthSession): EstablishedSession {
  return { authSession, user: userFromToken(authSession.jwtToken) };
}

function fromSessionData(data: SessionData): AuthSession {
  return {
    jwtToken: data.jwtToken,
    expiresAt: Date.now() + data.jwtTokenExpiresIn * 1000,
    refreshTokenExpiresAt: data.refreshTokenExpiresAt,
  };
}

/**
 * The composition root of the statecharts: every named actor, action and delay that the
 * machines declare gets its real implementation here (design.md §3).
 */
export function createAppLogic(services: Services, effects: AppEffects) {
  const { storage, auth, tenants, http, identity, users, posts, drops, media } = services;

  const fromResponse = (data: SessionData): EstablishedSession =>
    established(fromSessionData(data));

  const session = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        const stored = storage.readAuthSession();
        return stored ? established(stored) : null;
      }),
      refreshSession: fromPromise<EstablishedSession, RefreshInput>(({ input }) =>
        withRefreshLock(async (contended) => {
          // One refresh serves every tab: a newer session another tab stored (or is storing,
          // when it held the lock as this tab asked) is adopted instead of refreshing again.
          const isNewer = (s: AuthSession) =>
            s.expiresAt > (input.expiresAt ?? 0) && refreshDelayMs(s, Date.now()) > 0;
          const read = () => storage.readAuthSession();
          const stored = contended
            ? await waitForStoredSession(read, isNewer, OTHER_TAB_WAIT_MS)
            : read();
          if (stored && isNewer(stored)) return established(stored);
          // Stored before the lock is released, so the next tab in line finds it.
          const refreshed = fromResponse(
            await auth.refreshToken({ switchToCurrent: input.switchToCurrent }),
          );
          storage.writeAuthSession(refreshed.authSession);
          return refreshed;
        }),
      ),
      switchTenant: fromPromise<EstablishedSession, { tenantId: number }>(async ({ input }) =>
        fromResponse(await auth.switchTenant({ id: input.tenantId })),
      ),
      revokeToken: fromPromise(() => auth.revokeToken()),
      watchOtherTabs: fromCallback<SessionEvent>(({ sendBack }) =>
        subscribeToAuthSessionChanges((change) => {
          if (change.type === 'cleared') sendBack({ type: 'session.syncCleared' });
          else {
            sendBack({
              type: 'session.syncStored',
              session: { authSession: change.session, user: change.user },
            });
          }
        }),
      ),
    },
    actions: {
      persistSession: (_, s) => {
        storage.writeAuthSession(s.authSession);
      },
      removeStoredSession: () => storage.clearSignOutKeys(),
      followRedirect: (_, to) => effects.loadPage(to),
    },
  });

  const subscription = subscriptionMachine.provide({
    actors: {
      getCurrentTenantStatus: fromPromise(() => tenants.getCurrentTenantStatus()),
    },
    actions: {
      setExpiredFlag: () => storage.subscriptionExpired.set(),
      clearExpiredFlag: () => storage.subscriptionExpired.clear(),
      resetOnboardingStep: (_, userId) => storage.onboardingStep.set(userId, 2),
      goHome: () => effects.navigate('/'),
      logLoadError: (_, error) =>
        effects.logError('Failed to fetch tenant status information', error),
    },
  });

  // The third parties (captcha, sign-in provider) start loading as soon as the configuration
  // says which ones to use: the real adapters when it carries their keys, the development
  // stand-ins of the reference server otherwise.
  let thirdParties: ThirdParties | null = null;
  const useThirdParties = (configuration: Configuration) => {
    thirdParties ??= createThirdParties(configuration, http);
    return thirdParties;
  };
  const loadedThirdParties = (): ThirdParties => {
    if (!thirdParties) throw new Error('The configuration has not loaded yet');
    return thirdParties;
  };

  const config = configMachine.provide({
    actors: {
      fetchConfiguration: fromPromise(async () => {
        const configuration = await fetchConfiguration(http);
        useThirdParties(configuration);
        return configuration;
      }),
    },
  });

  const captchaToken = captchaTokenMachine.provide({
    actors: {
      executeCaptcha: fromPromise(async ({ input }) => {
        const { captcha } = loadedThirdParties();
        await captcha.ready();
        return captcha.execute(input.action);
      }),
    },
  });

  // Called straight from the click (the machine invokes it on the event), so the provider's
  // popup is allowed to open.
  const requestAuthCode = fromPromise<AuthCodeResponse>(({ signal }) =>
    loadedThirdParties()
      .signIn.requestCode({ signal })
      .catch((error: unknown) => {
        throw readableSignInFailure(error);
      }),
  );

  const thirdPartySignIn = thirdPartySignInMachine.provide({
    actors: {
      requestAuthCode,
      captchaToken,
      signupWithGoogle: fromPromise(async ({ input }) => {
        const result = await identity.signupWithGoogle(input);
        return { session: fromResponse(result.data), messages: result.messages };
      }),
      loginWithGoogle: fromPromise(async ({ input }) =>
        fromResponse(await identity.loginWithGoogle(input)),
      ),
    },
  });

  const signup = signupMachine.provide({
    actors: {
      emailVerification: emailVerificationMachine.provide({
        actors: {
          verifyAccount: fromPromise(({ input }) => identity.verifyAccount(input)),
          verifyAccountCode: fromPromise(async ({ input }) => {
            await identity.verifyAccountCode(input);
            return true;
          }),
        },
      }),
      handleCheck: handleCheckMachine.provide({
        actors: {
          handleExists: fromPromise(({ input, signal }) =>
            users.handleExists(input.value, { signal }),
          ),
        },
      }),
      captchaToken,
      captchaReady: fromPromise(() => loadedThirdParties().captcha.ready()),
      signup: fromPromise<SignupResult, SignupRequest>(async ({ input }) => {
        const result = await identity.signup(input);
        return result.kind === 'signedIn'
          ? { kind: 'signedIn', session: fromResponse(result.data) }
          : result;
      }),
    },
    actions: { clearErrorParam: () => effects.removeQueryParam('error') },
  });

  const passwordResetRequest = passwordResetRequestMachine.provide({
    actors: {
      requestPasswordReset: fromPromise(({ input }) =>
        identity.requestPasswordReset({
          email: input.email,
          redirectTo: `${effects.origin()}/forgotten-password`,
        }),
      ),
    },
  });

  const passwordReset = passwordResetMachine.provide({
    actors: {
      validatePasswordResetKey: fromPromise(({ input }) =>
        identity.validatePasswordResetKey(input),
      ),
      resetPassword: fromPromise(({ input }) => identity.resetPassword(input)),
    },
  });

  const activation = activationMachine.provide({
    actors: { activate: fromPromise(({ input }) => identity.activate(input)) },
  });

  const postsFeed = postsFeedMachine.provide({
    actors: {
      loadPostsPage: fromPromise(({ input, signal }) => posts.feedList(input, { signal })),
      loadSamplePostsPage: fromPromise(async ({ input }) =>
        samplePostsPage(input.page ?? 1, input.pageSize),
      ),
    },
    actions: {
      logFeedError: (_, error) => effects.logError('Failed to fetch posts', error),
    },
  });

  const dropsCarousel = dropsCarouselMachine.provide({
    actors: {
      loadDropsPage: fromPromise(({ input, signal }) => drops.feedList(input, { signal })),
      loadSampleDropsPage: fromPromise(async ({ input }) =>
        sampleDropsPage(input.page ?? 1, input.pageSize),
      ),
    },
    actions: {
      logDropsError: (_, error) => effects.logError('Failed to fetch drops', error),
    },
  });

  const createPost = createPostMachine.provide({
    actors: {
      loadPost: fromPromise(({ input, signal }) => posts.get(input.id, { signal })),
      // Uploads straight to the media service (its API key, never the bearer token), reporting
      // real progress; removing the media while it uploads aborts the request.
      // Checked against the post validation preset first (see postMedia.ts).
      uploadPostMedia: fromCallback<CreatePostEvent, { file: File }>(({ input, sendBack }) => {
        const abort = new AbortController();
        uploadPostImage(media, input.file, {
          onProgress: (percent) => sendBack({ type: 'upload.progress', percent }),
          signal: abort.signal,
        }).then(
          (upload) => sendBack({ type: 'upload.finish', upload }),
          (error: unknown) => {
            if (!abort.signal.aborted) sendBack({ type: 'upload.fail', error });
          },
        );
        return () => abort.abort();
      }),
      deletePendingMedia: fromPromise(({ input }) => media.deletePending(input.fileId)),
      createPost: fromPromise(({ input }) => posts.create(input)),
      createPostWithFile: fromPromise(({ input }) => posts.createWithFile(input)),
      updatePost: fromPromise(({ input }) => posts.update(input)),
    },
    actions: { redirectToFeed: (_, path) => effects.navigate(path) },
  });

  const emailConfirmation = emailConfirmationMachine.provide({
    actors: {
      confirmEmailAddress: fromPromise(({ input }) => identity.confirmEmailAddress(input)),
    },
  });

  const loginForm = loginMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => fromResponse(await auth.login(input))),
    },
  });

  return appMachine.provide({
    actors: {
      config,
      session,
      subscription,
      loginForm,
      thirdPartySignIn,
      signup,
      passwordResetRequest,
      passwordReset,
      activation,
      emailConfirmation,
      postsFeed,
      dropsCarousel,
      createPost,
    },
    actions: {
      navigate: (_, to) => effects.navigate(to),
      clearNewPostParam: () => effects.removeQueryParam('new'),
    },
  });
}
