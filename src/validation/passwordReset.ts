/** The password reset request form's rules (spec §5 Password reset): pure superstruct, no IO. */
import { define, object } from 'superstruct';
import type { Infer } from 'superstruct';
import { EMAIL_MAX, isValidEmail } from '../../contract/identity';

export const passwordResetMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
} as const;

const resetEmail = define<string>('passwordResetEmail', (value) => {
  if (typeof value !== 'string' || value.trim() === '') return passwordResetMessages.emailRequired;
  if (value.trim().length > EMAIL_MAX || !isValidEmail(value.trim())) {
    return passwordResetMessages.emailInvalid;
  }
  return true;
});

export const passwordResetRequestStruct = object({ email: resetEmail });

export type PasswordResetRequestValues = Infer<typeof passwordResetRequestStruct>;
