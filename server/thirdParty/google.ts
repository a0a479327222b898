/**
 * Sign-in with Google (Google Identity Services authorization-code flow, popup mode):
 *
 * - 'google' (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET set): the code is exchanged at Google's
 *   token endpoint (redirect_uri 'postmessage') and the returned id_token is verified against
 *   Google's published keys (issuer, audience = the client id, expiry).
 * - 'standIn' (neither set, outside production): the code comes from the development consent page
 *   (GET {API}/dev/oauth/consent) and is single use and short lived.
 * - 'unavailable' (production without Google keys, or a client id without its secret).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { NAME_MAX, type AuthCodeResponse } from '../../contract/identity';
import { unauthenticated, unavailable } from '../domain/errors';
import type { DevOAuthCodes } from './devOAuthCodes';

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export const GOOGLE_SIGN_IN_FAILED = 'The Google sign-in could not be verified, please try again.';
export const GOOGLE_UNAVAILABLE = 'Sign-in with Google is not available, please try again later.';
export const GOOGLE_EMAIL_NOT_VERIFIED =
  'The email address of this Google account is not verified.';

const EXCHANGE_TIMEOUT_MS = 10_000;

/** Who the provider says signed in. */
export interface ThirdPartyIdentity {
  /** The provider's stable id of the person ('sub'). */
  subject: string;
  /** Lower-cased. */
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export type GoogleSignInMode = 'google' | 'standIn' | 'unavailable';

export interface GoogleSignIn {
  readonly mode: GoogleSignInMode;
  /** The identity behind a code; throws a DomainError (401 or 503) when there is none. */
  resolve(authCode: AuthCodeResponse): Promise<ThirdPartyIdentity>;
}

export interface GoogleSignInOptions {
  clientId: string;
  clientSecret: string;
  production: boolean;
  now: () => Date;
  fetch: typeof globalThis.fetch;
  /** Google's signing keys; by default fetched (and cached) from GOOGLE_JWKS_URL. */
  jwks?: JWTVerifyGetKey;
  devCodes: DevOAuthCodes;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function googleSignInMode(
  options: Pick<GoogleSignInOptions, 'clientId' | 'clientSecret' | 'production'>,
): GoogleSignInMode {
  if (options.clientId !== '') return options.clientSecret !== '' ? 'google' : 'unavailable';
  return options.production ? 'unavailable' : 'standIn';
}

const clip = (value: string) => value.trim().slice(0, NAME_MAX);

/** Names from the id_token: given and family name, else the full name split, else the address. */
export function namesOf(
  claims: JWTPayload,
  email: string,
): { firstName: string; lastName: string } {
  const given = typeof claims.given_name === 'string' ? clip(claims.given_name) : '';
  const family = typeof claims.family_name === 'string' ? clip(claims.family_name) : '';
  const full = typeof claims.name === 'string' ? claims.name.trim() : '';
  const [first = '', ...rest] = full.split(/\s+/);
  const firstName = given || clip(first) || clip(email.split('@')[0] ?? '') || 'Google';
  const lastName = family || clip(rest.join(' ')) || 'User';
  return { firstName, lastName };
}

async function exchangeCode(options: GoogleSignInOptions, code: string): Promise<string> {
  let response: Response;
  try {
    response = await options.fetch(GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        code,
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uri: 'postmessage',
        grant_type: 'authorization_code',
      }).toString(),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
  } catch (error) {
    options.log.warn({ err: error }, 'Google token exchange failed');
    throw unavailable(GOOGLE_UNAVAILABLE);
  }
  if (response.status >= 500) throw unavailable(GOOGLE_UNAVAILABLE);
  if (!response.ok) throw unauthenticated(GOOGLE_SIGN_IN_FAILED);
  const body: unknown = await response.json().catch(() => undefined);
  const idToken =
    typeof body === 'object' && body !== null && 'id_token' in body ? body.id_token : undefined;
  if (typeof idToken !== 'string' || idToken === '') throw unauthenticated(GOOGLE_SIGN_IN_FAILED);
  return idToken;
}

async function verifyIdToken(
  options: GoogleSignInOptions,
  jwks: JWTVerifyGetKey,
  idToken: string,
): Promise<ThirdPartyIdentity> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, jwks, {
      issuer: GOOGLE_ISSUERS,
      audience: options.clientId,
      algorithms: ['RS256'],
      currentDate: options.now(),
    }));
  } catch (error) {
    const keysUnreachable =
      error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError);
    if (keysUnreachable) {
      options.log.warn({ err: error }, 'Google signing keys could not be loaded');
      throw unavailable(GOOGLE_UNAVAILABLE);
    }
    throw unauthenticated(GOOGLE_SIGN_IN_FAILED);
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (typeof claims.sub !== 'string' || claims.sub === '' || email === '') {
    throw unauthenticated(GOOGLE_SIGN_IN_FAILED);
  }
  return {
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    ...namesOf(claims, email),
  };
}

export function createGoogleSignIn(options: GoogleSignInOptions): GoogleSignIn {
  const mode = googleSignInMode(options);
  if (options.clientId !== '' && mode === 'unavailable') {
    options.log.warn(
      'GOOGLE_CLIENT_ID is set without GOOGLE_CLIENT_SECRET: Google sign-in is off.',
    );
  }
  let jwks = options.jwks;
  const keys = () =>
    (jwks ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL), {
      [customFetch]: (url, init) => options.fetch(url, init),
    }));
  return {
    mode,
    async resolve(authCode) {
      if (mode === 'standIn') {
        const identity = options.devCodes.take(authCode.code);
        if (identity === undefined) throw unauthenticated(GOOGLE_SIGN_IN_FAILED);
        return identity;
      }
      if (mode === 'unavailable') throw unavailable(GOOGLE_UNAVAILABLE);
      return verifyIdToken(options, keys(), await exchangeCode(options, authCode.code));
    },
  };
}
