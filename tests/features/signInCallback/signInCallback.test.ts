import { describe, expect, it } from 'vitest';
import {
  signInCallbackFlow,
  type SignInCallbackInput,
} from '../../../src/features/signInCallback/signInCallback.flow';
import { signInCallbackOutcome } from '../../../src/features/signInCallback/signInCallbackTexts';

const inputOf = (search: string): SignInCallbackInput | undefined =>
  signInCallbackFlow.input?.({
    pathname: '/auth/google/callback',
    params: {},
    search,
    configuration: null,
  });

describe('the external sign-in callback (spec §2.1)', () => {
  it("reads the provider's answer from the address", () => {
    expect(inputOf('?error=access_denied&state=s1')).toEqual({
      error: 'access_denied',
      hasCode: false,
    });
    expect(inputOf('?code=4%2F0abc&state=s1&scope=openid')).toEqual({ error: null, hasCode: true });
    expect(inputOf('')).toEqual({ error: null, hasCode: false });
  });

  it("reports the provider's error as 'Google login failed:' plus the error (spec §8)", () => {
    expect(signInCallbackOutcome({ error: 'access_denied', hasCode: false })).toEqual({
      title: 'Login Error',
      text: 'Google login failed: access_denied',
    });
  });

  it("says 'Error logging in with google.' when no sign-in can be finished here", () => {
    expect(signInCallbackOutcome({ error: null, hasCode: true }).text).toMatch(
      /^Error logging in with google\. /,
    );
    expect(signInCallbackOutcome({ error: null, hasCode: false }).text).toMatch(
      /^Error logging in with google\. /,
    );
  });
});
