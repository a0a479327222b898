/**
 * The third parties of the identity flows (issue 3, spec §3 Configuration): each real adapter
 * is loaded at start-up only when the configuration carries its key; otherwise the development
 * stand-in served by the reference server is used and nothing is loaded.
 */
import type { Configuration } from '../../../contract/configuration';
import type { HttpClient } from '../http';
import { loadCaptcha, type CaptchaProvider } from './captcha';
import { loadSignIn, type SignInProvider } from './signIn';

export type { CaptchaProvider } from './captcha';
export type { SignInProvider, RequestCodeOptions } from './signIn';

export interface ThirdParties {
  captcha: CaptchaProvider;
  signIn: SignInProvider;
}

/** Call once, when the configuration has loaded: the real adapters start loading now. */
export function createThirdParties(
  configuration: Pick<Configuration, 'reCaptchaSiteKey' | 'googleClientId' | 'apiBaseUrl'>,
  http: HttpClient,
): ThirdParties {
  return {
    captcha: loadCaptcha({ siteKey: configuration.reCaptchaSiteKey, http }),
    signIn: loadSignIn({
      clientId: configuration.googleClientId,
      apiBaseUrl: configuration.apiBaseUrl,
    }),
  };
}
