import { thirdPartySignInTexts } from '../../machines/thirdPartySignInMachine';
import type { SignInCallbackInput } from './signInCallback.flow';

/** What the callback route says about the provider's answer (spec §8 Authentication texts). */
export function signInCallbackOutcome(answer: SignInCallbackInput): {
  title: string;
  text: string;
} {
  if (answer.error !== null) {
    return {
      title: thirdPartySignInTexts.loginErrorTitle,
      text: thirdPartySignInTexts.providerFailed(answer.error),
    };
  }
  return {
    title: thirdPartySignInTexts.loginErrorTitle,
    text: answer.hasCode
      ? `${thirdPartySignInTexts.loginFailed} Please sign in with Google from the login page.`
      : `${thirdPartySignInTexts.loginFailed} No answer from the sign-in provider arrived.`,
  };
}
