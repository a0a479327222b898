/**
 * Email verification codes (spec §4 Email verification widget, §5): a 6-digit code is mailed to
 * the address and expires after 15 minutes; 5 wrong codes invalidate it. A correct code marks
 * the address verified, which signup requires within the last hour. Only an HMAC of the code is
 * stored.
 */
import { randomInt } from 'node:crypto';
import { verificationMessages } from '../../../contract/identity';
import type { Queryable } from '../../db/database';
import { sitePages } from '../../../contract/paths';
import { signupAttemptMail, verificationCodeMail } from '../../mail/templates';
import type { OutgoingMail } from '../../mail/mailer';
import type { Client } from '../../domain/client';
import { addSeconds } from '../../domain/context';
import { invalid, unavailable } from '../../domain/errors';
import type { IdentityDeps } from './identityContext';
import { checkAttempt, recordAttempt, takeAttempt } from './rateLimits';
import { sameText } from '../../domain/signing';
import { findUserByEmail, normaliseEmail } from '../../domain/users';
import {
  addFailedCodeAttempt,
  deleteVerificationCode,
  deleteVerificationCodeWithHash,
  findCodeVerifiedAt,
  findVerificationCodeForUpdate,
  markVerificationCodeVerified,
  upsertVerificationCode,
} from './queries';

export const VERIFICATION_CODE_TTL_SECONDS = 15 * 60;
export const MAX_FAILED_CODE_ATTEMPTS = 5;
/** How long a verified address stays good for signup. */
export const VERIFIED_EMAIL_VALID_SECONDS = 60 * 60;
export const CODE_LENGTH = 6;

export const ACCOUNT_EXISTS = 'An account with this email address already exists.';
export const VERIFICATION_EMAIL_FAILED = 'Error sending verification email, please try again.';

const CODE_PURPOSE = 'email-verification-code';
const codeData = (email: string, code: string) => `${email}\u0000${code}`;

export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

export interface SendCodeInput {
  email: string;
  forSignup: boolean;
  client: Client;
}

/**
 * Mails a new code to the address, replacing any earlier one (and its verified mark). For signup,
 * an address that already has an account gets a notice of the attempt instead (with the sign-in
 * and reset links) and no code is stored: the caller is answered exactly as for any other address,
 * after the same work (a code signed, one mail sent), so the answer does not tell whether the
 * address has an account (issue 31; login and password reset do not tell either). Signup itself
 * then refuses the address as unverified, like any address nobody verified.
 */
export async function sendVerificationCode(deps: IdentityDeps, input: SendCodeInput) {
  const email = normaliseEmail(input.email);
  await takeAttempt(deps.limits.codeSends, email, input.client.allowance('codeSends'));
  const account = input.forSignup ? await findUserByEmail(deps.db, email) : undefined;
  const code = generateCode();
  const codeHash = await deps.signer.sign(CODE_PURPOSE, codeData(email, code));
  if (account !== undefined) {
    await sendCodeMail(
      deps,
      signupAttemptMail({
        to: email,
        firstName: account.firstName,
        signInLink: `${deps.settings.siteUrl}${sitePages.login}`,
        resetLink: `${deps.settings.siteUrl}${sitePages.forgottenPassword}`,
      }),
    );
    return;
  }
  const now = deps.now();
  const values = {
    codeHash,
    expiresAt: addSeconds(now, VERIFICATION_CODE_TTL_SECONDS),
    failedAttempts: 0,
    verifiedAt: null,
    createdAt: now,
  };
  await upsertVerificationCode(deps.db, email, values);
  const mail = verificationCodeMail({
    to: email,
    code,
    expiresInMinutes: VERIFICATION_CODE_TTL_SECONDS / 60,
  });
  await sendCodeMail(deps, mail, () => deleteVerificationCodeWithHash(deps.db, email, codeHash));
}

/** Sends the code (or notice) mail; a failure is the same 503 whichever mail it was. */
async function sendCodeMail(
  deps: IdentityDeps,
  mail: OutgoingMail,
  undo: () => Promise<unknown> = async () => undefined,
) {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.error({ err: error }, 'verification email could not be sent');
    await undo();
    throw unavailable(VERIFICATION_EMAIL_FAILED);
  }
}

export interface VerifyCodeInput {
  email: string;
  code: string;
  client: Client;
}

type CodeOutcome = 'verified' | 'invalid' | 'tooManyAttempts';

/**
 * Checks a code. A wrong one counts against the code (5 invalidate it) and against the address
 * and client (rate limit); refusals carry the exact messages of spec §5.
 */
export async function verifyCode(deps: IdentityDeps, input: VerifyCodeInput): Promise<void> {
  const email = normaliseEmail(input.email);
  const addressAllowance = input.client.allowance('codeGuesses');
  await checkAttempt(deps.limits.codeGuesses, email, addressAllowance);
  const candidate = await deps.signer.sign(CODE_PURPOSE, codeData(email, input.code.trim()));
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<CodeOutcome> => {
    const row = await findVerificationCodeForUpdate(tx, email);
    if (row === undefined || row.verifiedAt !== null) return 'invalid';
    if (row.failedAttempts >= MAX_FAILED_CODE_ATTEMPTS) return 'tooManyAttempts';
    if (row.expiresAt.getTime() <= now.getTime()) return 'invalid';
    if (sameText(candidate, row.codeHash)) {
      await markVerificationCodeVerified(tx, row.id, now);
      return 'verified';
    }
    const failedAttempts = await addFailedCodeAttempt(tx, row.id);
    return (failedAttempts ?? 0) >= MAX_FAILED_CODE_ATTEMPTS ? 'tooManyAttempts' : 'invalid';
  });
  if (outcome === 'verified') return;
  await recordAttempt(deps.limits.codeGuesses, email, addressAllowance);
  throw invalid(
    outcome === 'tooManyAttempts'
      ? verificationMessages.tooManyAttempts
      : verificationMessages.invalidOrExpired,
  );
}

/** Whether the address was verified with a code within the last hour. */
export async function isRecentlyVerified(db: Queryable, email: string, now: Date) {
  const verifiedAt = (await findCodeVerifiedAt(db, normaliseEmail(email)))?.getTime();
  return (
    verifiedAt !== undefined &&
    verifiedAt <= now.getTime() &&
    now.getTime() - verifiedAt < VERIFIED_EMAIL_VALID_SECONDS * 1000
  );
}

/** Spends the verified mark (signup used it). */
export async function consumeVerification(db: Queryable, email: string): Promise<void> {
  await deleteVerificationCode(db, normaliseEmail(email));
}
