import { defineFlow } from '../../shared/flow';

/** The provider's answer in the callback's address (an OAuth 2.0 authorization response). */
export interface SignInCallbackInput {
  /** `error` (e.g. access_denied); null when there is none. */
  error: string | null;
  /** Whether an authorization code came. */
  hasCode: boolean;
}

/** Longest error code read (Google's are short words). */
const ERROR_MAX = 100;

export const SIGN_IN_CALLBACK_PATH = '/auth/google/callback';

/**
 * The external sign-in callback (spec §2.1 Public layout: 'a placeholder route for the external
 * sign-in callback'). This product signs in with the provider's popup (Google Identity Services'
 * popup mode, or the development stand-in's popup), whose answer goes back to the opening window
 * and never to this route; the server redeems codes for that popup mode only. So a browser that
 * arrives here (a redirect-mode answer, a bookmark) cannot finish a sign-in: the route reads the
 * provider's answer, removes it from the address (the code and state are secrets), reports the
 * provider's error as 'Google login failed: {error}' or says the sign-in was not finished, and
 * offers the login screen.
 */
export const signInCallbackFlow = defineFlow<Record<never, never>, SignInCallbackInput>({
  id: 'signInCallback',
  routes: [{ path: SIGN_IN_CALLBACK_PATH, layout: 'public', title: 'Sign in' }],
  access: 'public',
  readsQuery: ['code', 'state', 'scope', 'error', 'error_description', 'authuser', 'prompt'],
  secretQuery: ['code', 'state'],
  input: ({ search }) => {
    const query = new URLSearchParams(search);
    const error = query.get('error')?.trim().slice(0, ERROR_MAX) ?? '';
    return { error: error === '' ? null : error, hasCode: (query.get('code') ?? '') !== '' };
  },
  load: () => import('./index'),
});
