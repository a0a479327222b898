/**
 * The team's forms (spec §5 Invitation (invite form) and Invitation acceptance): pure
 * superstruct rules with the spec's texts.
 */
import { EMAIL_MAX, NAME_MAX, isStrongPassword, isValidEmail } from '../../contract/identity';
import { teamTexts } from '../../contract/team';
import { UserRole } from '../../contract/enums';
import { formStruct, text } from './formStruct';
import type { RuleResult } from './formStruct';

export interface InvitationFormValues {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** '' until a role is chosen ('(select role)'), else the role's number as text. */
  userRole: string;
  canChangeEmailAddress: boolean;
}

export const EMPTY_INVITATION_FORM: InvitationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  message: '',
  userRole: '',
  canChangeEmailAddress: false,
};

const nameMax = `Maximum ${NAME_MAX} characters allowed`;
const required =
  (message: string) =>
  (value: unknown): RuleResult => {
    const typed = text(value);
    if (typed.trim() === '') return message;
    return typed.length > NAME_MAX ? nameMax : true;
  };
const roles: readonly string[] = Object.values(UserRole).map(String);

/** Spec §5: 'First name is required', 'Last name is required', 'Invalid email format' / 'Email is required', 'User role is required'. */
export const invitationFormStruct = formStruct<InvitationFormValues>('invitationForm', {
  firstName: required(teamTexts.inviteFirstNameRequired),
  lastName: required(teamTexts.inviteLastNameRequired),
  email: (value) => {
    const email = text(value).trim();
    if (email === '') return teamTexts.inviteEmailRequired;
    return email.length <= EMAIL_MAX && isValidEmail(email) ? true : teamTexts.inviteEmailInvalid;
  },
  message: () => true,
  userRole: (value) => (roles.includes(text(value)) ? true : teamTexts.userRoleRequired),
  canChangeEmailAddress: () => true,
});

/** The acceptance form of /invitation/{key} (spec §5 Invitation acceptance). */
export interface AcceptanceFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
  privacyPolicyAccepted: boolean;
}

export const acceptanceFieldOrder = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'termsAccepted',
  'privacyPolicyAccepted',
] as const;

/**
 * Spec §5 Invitation acceptance: names 'Please enter your first name' / 'Please enter your last
 * name' (max 1024); email 'Please enter your email address' / 'Please enter a valid email
 * address'; password 'Please enter a password' (the configured minimum) and the checklist's rules
 * ('Please enter a valid password.'); confirm 'Please confirm password' and 'Passwords must
 * match'; the terms and the privacy policy accepted. For an address that already has an account
 * only that account's password is asked for (no confirmation, no checklist).
 */
export function createAcceptanceFormStruct(
  minimumPasswordLength: number,
  existingAccount: boolean,
) {
  const min = Math.max(1, minimumPasswordLength);
  return formStruct<AcceptanceFormValues>('acceptanceForm', {
    firstName: required(teamTexts.firstNameRequired),
    lastName: required(teamTexts.lastNameRequired),
    email: (value) => {
      const email = text(value).trim();
      if (email === '') return teamTexts.emailRequired;
      return isValidEmail(email) ? true : teamTexts.emailInvalid;
    },
    password: (value) => {
      const password = text(value);
      if (existingAccount) return password === '' ? teamTexts.passwordRequired : true;
      if (password.length < min) return teamTexts.passwordRequired;
      return isStrongPassword(password, min) ? true : teamTexts.passwordInvalid;
    },
    confirmPassword: (value, values) => {
      if (existingAccount) return true;
      const confirm = text(value);
      if (confirm.length < min) return teamTexts.confirmRequired;
      return confirm === text(values.password) ? true : 'Passwords must match';
    },
    termsAccepted: (value) => (value === true ? true : teamTexts.termsRequired),
    privacyPolicyAccepted: (value) => (value === true ? true : teamTexts.privacyRequired),
  });
}
