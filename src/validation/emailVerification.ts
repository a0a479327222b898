/**
 * The email verification widget's rules (spec §5 Email verification widget): pure, no IO.
 * The widget sits inside other forms (Signup, Personal details), so it checks its two inputs
 * itself with these functions rather than through a form of its own.
 */
import { define } from 'superstruct';
import { EMAIL_MAX, VERIFICATION_CODE_MAX, isValidEmail } from '../../contract/identity';

export const emailVerificationMessages = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  codeRequired: 'Please enter the verification code',
  /** Ours: the spec gives no text for an over-long code. */
  codeTooLong: `Maximum ${VERIFICATION_CODE_MAX} characters allowed`,
} as const;

/** The message for the email input, or null when it can be sent. */
export function verificationEmailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return emailVerificationMessages.emailRequired;
  if (email.length > EMAIL_MAX || !isValidEmail(email))
    return emailVerificationMessages.emailInvalid;
  return null;
}

/** The message for the code input, or null when it can be sent. */
export function verificationCodeError(value: string): string | null {
  const code = value.trim();
  if (code === '') return emailVerificationMessages.codeRequired;
  if (code.length > VERIFICATION_CODE_MAX) return emailVerificationMessages.codeTooLong;
  return null;
}

/** The same rules as superstruct structs (for forms that validate with a resolver). */
export const verificationEmailStruct = define<string>('verificationEmail', (value) =>
  typeof value === 'string'
    ? (verificationEmailError(value) ?? true)
    : emailVerificationMessages.emailRequired,
);
export const verificationCodeStruct = define<string>('verificationCode', (value) =>
  typeof value === 'string'
    ? (verificationCodeError(value) ?? true)
    : emailVerificationMessages.codeRequired,
);
