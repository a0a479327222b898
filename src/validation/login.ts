/**
 * The Login form's rules (spec §5 Login): pure superstruct, no IO.
 * One validator per field yields at most one message, the first rule that fails, so the
 * resolver (which keeps one message per path) always shows the most useful one.
 */
import { define, object } from 'superstruct';
import type { Infer } from 'superstruct';

/** Field limits of spec §5 Login / §9. */
export const LOGIN_FIELD_MAX_LENGTH = 1024;
export const LOGIN_EMAIL_MIN_LENGTH = 4;

/** The texts: the two 'required' ones are the spec's; the length ones are ours (spec unworded). */
export const loginMessages = {
  emailRequired: 'Please enter your email address',
  emailTooShort: `Email must be at least ${LOGIN_EMAIL_MIN_LENGTH} characters`,
  passwordRequired: 'Please enter your password',
  tooLong: `Maximum ${LOGIN_FIELD_MAX_LENGTH} characters allowed`,
} as const;

const loginEmail = define<string>('loginEmail', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return loginMessages.emailRequired;
  if (value.length > LOGIN_FIELD_MAX_LENGTH) return loginMessages.tooLong;
  if (value.trim().length < LOGIN_EMAIL_MIN_LENGTH) return loginMessages.emailTooShort;
  return true;
});

const loginPassword = define<string>('loginPassword', (value) => {
  if (typeof value !== 'string' || value === '') return loginMessages.passwordRequired;
  if (value.length > LOGIN_FIELD_MAX_LENGTH) return loginMessages.tooLong;
  return true;
});

export const loginFormStruct = object({
  email: loginEmail,
  password: loginPassword,
});

export type LoginFormValues = Infer<typeof loginFormStruct>;
