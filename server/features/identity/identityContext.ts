import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import type { CaptchaVerifier } from '../../thirdParty/captcha';
import type { GoogleSignIn } from '../../thirdParty/google';
import type { IdentityLimits } from './rateLimits';
import type { SessionDeps } from '../auth/sessions';
import type { Signer } from '../../domain/signing';

/** Server settings the identity rules read. */
export interface IdentitySettings {
  minimumPasswordLength: number;
  signupRequiresActivation: boolean;
  /** SITE_URL without a trailing slash. */
  siteUrl: string;
  production: boolean;
  /**
   * The least time a password reset request takes to answer, in milliseconds, whether or not the
   * address has an account.
   */
  passwordResetAnswerMs: number;
}

/** What the identity operations get: sessions (to sign people in) plus mail and third parties. */
export interface IdentityDeps extends SessionDeps {
  settings: IdentitySettings;
  mailer: Mailer;
  signer: Signer;
  limits: IdentityLimits;
  captcha: CaptchaVerifier;
  google: GoogleSignIn;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}
