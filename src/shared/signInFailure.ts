import { signInFailures } from '../services/thirdParty/signIn';

/**
 * Readable reasons for the sign-in provider's failure codes, shown after 'Google login failed:'
 * (spec §8). Google's own error codes are passed through as they are.
 */
const reasons: Record<string, string> = {
  [signInFailures.popupBlocked]:
    'the sign-in window could not be opened. Please allow pop-ups for this site and try again.',
  [signInFailures.popupClosed]: 'the sign-in window was closed before signing in.',
  [signInFailures.stateMismatch]: 'the answer did not match this sign-in. Please try again.',
  [signInFailures.superseded]: 'another sign-in was started.',
  [signInFailures.noCode]: 'no sign-in code was returned. Please try again.',
  [signInFailures.unknown]: 'an unknown error occurred.',
  access_denied: 'access was denied.',
};

/** The failure as an Error whose message a person can read. */
export function readableSignInFailure(error: unknown): Error {
  const code =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null && 'type' in error
        ? String((error as { type: unknown }).type)
        : String(error);
  return new Error(reasons[code] ?? code, { cause: error });
}
