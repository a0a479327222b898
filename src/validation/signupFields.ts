/**
 * The Signup form's messages and field order (spec §5 Signup): what the signup machine needs,
 * without the form's rules (and their phone-number library), so that the machine stays small.
 */
import { MINIMUM_AGE_YEARS, NAME_MAX } from '../../contract/identity';

export const signupMessages = {
  companyNameRequired: 'Please enter your company name',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  dateOfBirthRequired: 'Please enter your date of birth',
  dateOfBirthInvalid: 'Invalid date',
  tooYoung: `You must be at least ${MINIMUM_AGE_YEARS} years old`,
  handleRequired: 'Please enter a profile name/handle',
  handleRule: 'Letters, numbers and underscores only, 4-20 characters.',
  handleNotAvailable: 'Profile name/handle not available',
  emailNotVerified: 'Please verify your email address.',
  termsRequired: 'The terms of service must be accepted',
  privacyRequired: 'The privacy policy must be accepted',
  /** Ours: the spec gives the 1024 limit but no text. */
  nameTooLong: `Maximum ${NAME_MAX} characters allowed`,
} as const;

/** Every field the Signup screen can focus, in screen order ('email' is the verification widget). */
export const signupFieldOrder = [
  'companyName',
  'firstName',
  'lastName',
  'phone',
  'dateOfBirth',
  'handle',
  'email',
  'password',
  'confirmPassword',
  'consentToHelpEmails',
  'consentToMarketingEmails',
  'termsAccepted',
  'privacyPolicyAccepted',
] as const;
export type SignupFieldName = (typeof signupFieldOrder)[number];
