/**
 * The account settings forms (spec §5 Personal details and Change password): pure superstruct,
 * no IO. Handle availability and the email's verification are not form rules: the personal
 * details machine owns them, as signup's does.
 */
import { accountTexts } from '../../contract/account';
import type { UserEditDetails } from '../../contract/account';
import { PASSWORD_MAX } from '../../contract/identity';
import { formStruct, text } from './formStruct';
import type { RuleResult } from './formStruct';
import { isStrongPassword } from '../../contract/identity';
import { resolveMinimumPasswordLength } from './password';
import { personFieldOrder } from './signupFields';
import { optionalPhoneRule, phoneFromE164 } from './phone';
import type { PhoneValue } from './phone';
import { dateOfBirthRule, handleRule, requiredName } from './signup';

/** The Personal Details form's fields, in screen order ('email' is the verification widget). */
export const personalDetailsFieldOrder = personFieldOrder;
export type PersonalDetailsFieldName = (typeof personalDetailsFieldOrder)[number];

export interface PersonalDetailsFormValues {
  firstName: string;
  lastName: string;
  phone: PhoneValue;
  /** 'yyyy-MM-dd' from the native date input, '' when empty. */
  dateOfBirth: string;
  handle: string;
}

/** The form as loaded: the saved details. */
export function personalDetailsFormValues(details: UserEditDetails): PersonalDetailsFormValues {
  return {
    firstName: details.firstName,
    lastName: details.lastName,
    phone: phoneFromE164(details.phone),
    dateOfBirth: details.dateOfBirth ?? '',
    handle: details.handle,
  };
}

export function createPersonalDetailsFormStruct(today: Date) {
  return formStruct<PersonalDetailsFormValues>('personalDetailsForm', {
    firstName: requiredName(accountTexts.firstNameRequired),
    lastName: requiredName(accountTexts.lastNameRequired),
    phone: optionalPhoneRule,
    dateOfBirth: dateOfBirthRule(today),
    handle: handleRule,
  });
}

/** What the Personal Details screen submits; the email comes from the verification widget. */
export interface PersonalDetailsSubmission {
  firstName: string;
  lastName: string;
  /** E.164 or ''. */
  phone: string;
  dateOfBirth: string;
  handle: string;
}

export function toPersonalDetailsSubmission(
  values: PersonalDetailsFormValues,
): PersonalDetailsSubmission {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: values.phone.e164,
    dateOfBirth: values.dateOfBirth.trim(),
    handle: values.handle,
  };
}

/** The Change Password form (spec §5 Change password). */
export interface ChangePasswordFormValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_CHANGE_PASSWORD_FORM: ChangePasswordFormValues = {
  currentPassword: '',
  password: '',
  confirmPassword: '',
};

export const changePasswordFieldOrder = ['currentPassword', 'password', 'confirmPassword'] as const;

const tooLong = `Maximum ${PASSWORD_MAX} characters allowed`;

function currentPasswordRule(value: unknown): RuleResult {
  const current = text(value);
  if (current === '') return accountTexts.currentPasswordRequired;
  if (current.length > PASSWORD_MAX) return tooLong;
  return true;
}

/**
 * Spec §5 Change password: currentPassword 'Please enter your current password'; password
 * 'Please enter a password' with at least minimumPasswordLength characters (fallback 6), and the
 * checklist's rules (a special character, a number, a capital letter) else 'Please enter a valid
 * password.'; confirmPassword 'Please confirm password' with the same minimum, and 'Passwords
 * must match'.
 */
export function createChangePasswordFormStruct(minimumPasswordLength: number) {
  const min = resolveMinimumPasswordLength(minimumPasswordLength);
  return formStruct<ChangePasswordFormValues>('changePasswordForm', {
    currentPassword: currentPasswordRule,
    password: (value) => {
      const password = text(value);
      if (password.length < min) return accountTexts.passwordRequired;
      if (password.length > PASSWORD_MAX) return tooLong;
      if (!isStrongPassword(password, min)) return accountTexts.passwordInvalid;
      return true;
    },
    confirmPassword: (value, values) => {
      const confirm = text(value);
      if (confirm.length < min) return accountTexts.confirmPasswordRequired;
      if (confirm.length > PASSWORD_MAX) return tooLong;
      if (confirm !== text(values.password)) return accountTexts.passwordsMustMatch;
      return true;
    },
  });
}

/** What the Change Password screen submits (POST auth/updatePassword). */
export interface ChangePasswordSubmission {
  currentPassword: string;
  newPassword: string;
}

export const toChangePasswordSubmission = (
  values: ChangePasswordFormValues,
): ChangePasswordSubmission => ({
  currentPassword: values.currentPassword,
  newPassword: values.password,
});
