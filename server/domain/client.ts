/**
 * The client a request came from, as the domain sees it: its address, and its allowance of each
 * kind of attempt counted per client address. The HTTP layer keeps those allowances (through
 * @fastify/rate-limit, server/http/addressLimits.ts); the domain decides what counts.
 */

/** The kinds of attempts limited per client address. */
export type AddressLimitName =
  | 'login'
  | 'codeSends'
  | 'codeGuesses'
  | 'resetRequests'
  | 'keyFailures'
  | 'invitationCalls'
  | 'uploads';

export interface AddressAllowance {
  /** Throws a RateLimitedError (429, Retry-After) once the address has used this allowance up. */
  check(): Promise<void>;
  /** Counts one attempt against it. */
  record(): Promise<void>;
}

export interface Client {
  /** The address the request came from (e.g. for the captcha's remoteip). */
  address: string;
  /** The key the address is counted under: the address, or an IPv6 address's /64 prefix. */
  addressKey: string;
  allowance(name: AddressLimitName): AddressAllowance;
}

/** check, then record: for attempts that count whatever their outcome (sending a mail). */
export async function takeAllowance(allowance: AddressAllowance): Promise<void> {
  await allowance.check();
  await allowance.record();
}
