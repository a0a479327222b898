/**
 * The third parties of the identity flows (issue 3, spec §3 Configuration): each real adapter
 * is loaded at start-up only when the configuration carries its key; otherwise the development
 * stand-in served by the reference server is used and nothing is loaded.
 */
import type { Configuration } from '../../../contract/configuration';
import type { HttpClient } from '../http';
import { loadCaptcha, type CaptchaProvider } from './captcha';
import { loadSessionRecording, type RedactUrl } from './sessionRecording';
import { loadSignIn, type SignInProvider } from './signIn';
import { loadTagManager } from './tagManager';

export type { CaptchaProvider } from './captcha';
export type { SignInProvider, RequestCodeOptions } from './signIn';

export interface ThirdParties {
  captcha: CaptchaProvider;
  signIn: SignInProvider;
  /**
   * The tag manager and the session recorder (spec §1): loading only when the configuration
   * carries their ids; each resolves true once loaded, false when it is not configured.
   */
  tagManager: Promise<boolean>;
  sessionRecording: Promise<boolean>;
}

/** Call once, when the configuration has loaded: the real adapters start loading now. */
export function createThirdParties(
  configuration: Pick<
    Configuration,
    'reCaptchaSiteKey' | 'googleClientId' | 'apiBaseUrl' | 'tagManagerId' | 'sessionRecordingAppId'
  >,
  http: HttpClient,
  /** What the session recording keeps of a URL (the app's redaction of the flows' secrets). */
  privacy: { redactUrl: RedactUrl },
  logError: (message: string, error: unknown) => void = (message, error) =>
    console.error(message, error),
): ThirdParties {
  const reported = (name: string, loading: Promise<boolean>) =>
    loading.catch((error: unknown) => {
      logError(`The ${name} failed to load`, error);
      return false;
    });
  return {
    tagManager: reported('tag manager', loadTagManager({ id: configuration.tagManagerId })),
    sessionRecording: reported(
      'session recording',
      loadSessionRecording({
        appId: configuration.sessionRecordingAppId,
        redactUrl: privacy.redactUrl,
      }),
    ),
    captcha: loadCaptcha({ siteKey: configuration.reCaptchaSiteKey, http }),
    signIn: loadSignIn({
      clientId: configuration.googleClientId,
      apiBaseUrl: configuration.apiBaseUrl,
    }),
  };
}
