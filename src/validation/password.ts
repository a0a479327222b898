/**
 * Password and confirm-password rules shared by Signup and the reset-password form (spec §5
 * Signup, Change password): pure, no IO. The live checklist itself is the contract's
 * `passwordChecks`, so the client shows exactly what the server enforces.
 */
import { PASSWORD_MAX, isStrongPassword } from '../../contract/identity';
import { formStruct, text } from './formStruct';
import type { RuleResult } from './formStruct';

/** spec §9: minimumPasswordLength from the configuration, 6 when not configured. */
export const DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;

/** The configured minimum when it is a positive whole number, else the default of 6. */
export function resolveMinimumPasswordLength(configured: number | null | undefined): number {
  return typeof configured === 'number' && Number.isInteger(configured) && configured >= 1
    ? configured
    : DEFAULT_MINIMUM_PASSWORD_LENGTH;
}

/** The spec's texts ({min} filled in); the length-limit text is ours (spec unworded). */
export function passwordMessages(minimumLength: number) {
  return {
    passwordRequired: `Please enter a password (at least ${minimumLength} characters)`,
    passwordInvalid: 'Please enter a valid password.',
    confirmRequired: `Please confirm password (at least ${minimumLength} characters)`,
    mismatch: 'Passwords must match',
    tooLong: `Maximum ${PASSWORD_MAX} characters allowed`,
  } as const;
}

/**
 * The password: at least the minimum ('Please enter a password (at least {min} characters)'),
 * at most 512, and the checklist's rules (special character, number, capital letter) else
 * 'Please enter a valid password.'. The checklist's 'match' item is the confirm field's rule.
 */
export function passwordRule(minimumLength: number) {
  const messages = passwordMessages(minimumLength);
  return (value: unknown): RuleResult => {
    const password = text(value);
    if (password.length < minimumLength) return messages.passwordRequired;
    if (password.length > PASSWORD_MAX) return messages.tooLong;
    if (!isStrongPassword(password, minimumLength)) return messages.passwordInvalid;
    return true;
  };
}

/** The confirmation: at least the minimum, at most 512, equal to `values.password`. */
export function confirmPasswordRule(minimumLength: number) {
  const messages = passwordMessages(minimumLength);
  return (value: unknown, values: Readonly<Record<string, unknown>>): RuleResult => {
    const confirm = text(value);
    if (confirm.length < minimumLength) return messages.confirmRequired;
    if (confirm.length > PASSWORD_MAX) return messages.tooLong;
    if (confirm !== text(values.password)) return messages.mismatch;
    return true;
  };
}

/** The reset-password form (the emailed link): a new password and its confirmation. */
export interface ResetPasswordFormValues {
  password: string;
  confirmPassword: string;
}

export function createResetPasswordFormStruct(minimumPasswordLength: number) {
  const min = resolveMinimumPasswordLength(minimumPasswordLength);
  return formStruct<ResetPasswordFormValues>('resetPasswordForm', {
    password: passwordRule(min),
    confirmPassword: confirmPasswordRule(min),
  });
}
