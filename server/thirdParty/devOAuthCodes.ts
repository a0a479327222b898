/**
 * Codes of the development consent page (the Google sign-in stand-in): issued for the identity
 * the developer typed, single use, valid for 5 minutes, kept in memory.
 */
import { randomBytes } from 'node:crypto';
import type { ThirdPartyIdentity } from './google';

export const DEV_OAUTH_CODE_TTL_SECONDS = 300;
/** Codes kept at most; the oldest are dropped beyond it. */
const MAX_CODES = 1_000;

export interface DevIdentityInput {
  email: string;
  firstName: string;
  lastName: string;
}

interface Entry {
  identity: ThirdPartyIdentity;
  expiresAt: number;
}

export class DevOAuthCodes {
  private readonly codes = new Map<string, Entry>();

  constructor(private readonly now: () => Date) {}

  /** A new code for this identity. The subject is derived from the address, so it is stable. */
  issue(input: DevIdentityInput): string {
    const email = input.email.trim().toLowerCase();
    const code = `dev-${randomBytes(32).toString('base64url')}`;
    this.sweep();
    this.codes.set(code, {
      identity: {
        subject: `dev:${email}`,
        email,
        emailVerified: true,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
      },
      expiresAt: this.now().getTime() + DEV_OAUTH_CODE_TTL_SECONDS * 1000,
    });
    return code;
  }

  /** The identity of a code, which is spent; undefined when unknown, spent or expired. */
  take(code: string): ThirdPartyIdentity | undefined {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    if (entry === undefined || entry.expiresAt <= this.now().getTime()) return undefined;
    return entry.identity;
  }

  private sweep(): void {
    const now = this.now().getTime();
    for (const [code, entry] of this.codes) {
      if (entry.expiresAt <= now) this.codes.delete(code);
    }
    while (this.codes.size >= MAX_CODES) {
      const oldest = this.codes.keys().next().value;
      if (oldest === undefined) break;
      this.codes.delete(oldest);
    }
  }
}
