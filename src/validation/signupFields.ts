/**
 * The Signup form's messages and field order (spec §5 Signup): what the signup machine needs,
 * without the form's rules (and their phone-number library), so that the machine stays small.
 */
import { NAME_MAX, identityTexts, personFieldTexts } from '../../contract/identity';

export const signupMessages = {
  companyNameRequired: identityTexts.companyNameRequired,
  ...personFieldTexts,
  emailNotVerified: 'Please verify your email address.',
  /** Spec §5 Email verification widget: 'The email schema message is 'Invalid email address''. */
  emailInvalid: 'Invalid email address',
  termsRequired: identityTexts.termsRequired,
  privacyRequired: identityTexts.privacyRequired,
  /** Ours: the spec gives the 1024 limit but no text. */
  nameTooLong: `Maximum ${NAME_MAX} characters allowed`,
} as const;

/**
 * The person's own fields, in the order both the Signup and the Personal Details screens show
 * them ('email' is the verification widget).
 */
export const personFieldOrder = [
  'firstName',
  'lastName',
  'phone',
  'dateOfBirth',
  'handle',
  'email',
] as const;

/** Every field the Signup screen can focus, in screen order ('email' is the verification widget). */
export const signupFieldOrder = [
  'companyName',
  ...personFieldOrder,
  'password',
  'confirmPassword',
  'consentToHelpEmails',
  'consentToMarketingEmails',
  'termsAccepted',
  'privacyPolicyAccepted',
] as const;
export type SignupFieldName = (typeof signupFieldOrder)[number];
