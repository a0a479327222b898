/**
 * The team's forms (spec §5 Invitation (invite form) and Invitation acceptance): pure
 * superstruct rules with the spec's texts.
 */
import { EMAIL_MAX, NAME_MAX, isValidEmail } from '../../contract/identity';
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
const required = (message: string) => (value: unknown): RuleResult => {
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
