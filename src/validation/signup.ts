/**
 * The Signup form's rules (spec §5 Signup, §9): pure superstruct, no IO. The struct depends on
 * the account type (companyName only for a charity), the configured minimum password length and
 * today's date (the 18-year rule), so it is built by `createSignupFormStruct`.
 *
 * Email verification and handle availability are not form rules: the machines own them and
 * report 'Please verify your email address.' / 'Profile name/handle not available' as field
 * errors the view shows beside these.
 */
import { MINIMUM_AGE_YEARS, NAME_MAX, ageInYears, isValidHandle } from '../../contract/identity';
import type { SignupAccountType } from '../../contract/identity';
import { formStruct, text } from './formStruct';
import type { RuleResult } from './formStruct';
import { confirmPasswordRule, passwordRule, resolveMinimumPasswordLength } from './password';
import { EMPTY_PHONE, optionalPhoneRule } from './phone';
import type { PhoneValue } from './phone';
import { signupMessages } from './signupFields';

// The messages and the field order live in signupFields.ts, apart from the rules and their
// phone-number library: the signup machine imports them from there, and the machine is part of
// the landing page's initial JavaScript.
export { signupFieldOrder, signupMessages } from './signupFields';
export type { SignupFieldName } from './signupFields';

/** The form's fields, in the order they appear (and are focused when in error). */
export interface SignupFormValues {
  companyName: string;
  firstName: string;
  lastName: string;
  phone: PhoneValue;
  /** 'yyyy-MM-dd' from the native date input, '' when empty. */
  dateOfBirth: string;
  handle: string;
  password: string;
  confirmPassword: string;
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
  termsAccepted: boolean;
  privacyPolicyAccepted: boolean;
}

export const EMPTY_SIGNUP_FORM: SignupFormValues = {
  companyName: '',
  firstName: '',
  lastName: '',
  phone: EMPTY_PHONE,
  dateOfBirth: '',
  handle: '',
  password: '',
  confirmPassword: '',
  consentToHelpEmails: false,
  consentToMarketingEmails: false,
  termsAccepted: false,
  privacyPolicyAccepted: false,
};

export function requiredName(required: string) {
  return (value: unknown): RuleResult => {
    const name = text(value);
    if (name.trim() === '') return required;
    if (name.length > NAME_MAX) return signupMessages.nameTooLong;
    return true;
  };
}

/** Date of birth: present, a real calendar date, and at least 18 years before `today`. */
export function dateOfBirthRule(today: Date) {
  return (value: unknown): RuleResult => {
    const date = text(value).trim();
    if (date === '') return signupMessages.dateOfBirthRequired;
    const age = ageInYears(date, today);
    if (age === null) return signupMessages.dateOfBirthInvalid;
    if (age < MINIMUM_AGE_YEARS) return signupMessages.tooYoung;
    return true;
  };
}

/** Handle: present, then the rule of spec §5 (4-20 letters, digits, single inner underscores). */
export function handleRule(value: unknown): RuleResult {
  const handle = text(value);
  if (handle.trim() === '') return signupMessages.handleRequired;
  if (!isValidHandle(handle)) return signupMessages.handleRule;
  return true;
}

function accepted(message: string) {
  return (value: unknown): RuleResult => (value === true ? true : message);
}

const optional = (): RuleResult => true;

export function createSignupFormStruct(
  accountType: SignupAccountType,
  minimumPasswordLength: number,
  today: Date,
) {
  const min = resolveMinimumPasswordLength(minimumPasswordLength);
  return formStruct<SignupFormValues>('signupForm', {
    companyName:
      accountType === 'Charity'
        ? requiredName(signupMessages.companyNameRequired)
        : (value) => (text(value).length > NAME_MAX ? signupMessages.nameTooLong : true),
    firstName: requiredName(signupMessages.firstNameRequired),
    lastName: requiredName(signupMessages.lastNameRequired),
    phone: optionalPhoneRule,
    dateOfBirth: dateOfBirthRule(today),
    handle: handleRule,
    password: passwordRule(min),
    confirmPassword: confirmPasswordRule(min),
    consentToHelpEmails: optional,
    consentToMarketingEmails: optional,
    termsAccepted: accepted(signupMessages.termsRequired),
    privacyPolicyAccepted: accepted(signupMessages.privacyRequired),
  });
}

/**
 * What the Signup screen submits (the email comes from the verification widget's machine, the
 * captcha token from the captcha machine). For an Individual, companyName is the full name
 * (spec §3). Names are trimmed; the phone is E.164 or ''.
 */
export interface SignupSubmission {
  tenantAccountType: SignupAccountType;
  companyName: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  handle: string;
  password: string;
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
  termsAccepted: true;
  privacyPolicyAccepted: true;
}

export function toSignupSubmission(
  values: SignupFormValues,
  accountType: SignupAccountType,
): SignupSubmission {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    tenantAccountType: accountType,
    companyName:
      accountType === 'Charity' ? values.companyName.trim() : `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    phone: values.phone.e164,
    dateOfBirth: values.dateOfBirth.trim(),
    handle: values.handle,
    password: values.password,
    consentToHelpEmails: values.consentToHelpEmails,
    consentToMarketingEmails: values.consentToMarketingEmails,
    termsAccepted: true,
    privacyPolicyAccepted: true,
  };
}

/** The fields a third-party sign-up needs from the form (names and email come from the provider). */
export interface ThirdPartySignupSubmission {
  tenantAccountType: SignupAccountType;
  /** The charity's name; '' for an Individual (the server uses the full name). */
  companyName: string;
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
  termsAccepted: true;
  privacyPolicyAccepted: true;
}

/** The fields checked before a third-party sign-up starts. */
export function thirdPartySignupFields(
  accountType: SignupAccountType,
): Array<keyof SignupFormValues> {
  return accountType === 'Charity'
    ? ['companyName', 'termsAccepted', 'privacyPolicyAccepted']
    : ['termsAccepted', 'privacyPolicyAccepted'];
}

export function toThirdPartySignupSubmission(
  values: SignupFormValues,
  accountType: SignupAccountType,
): ThirdPartySignupSubmission {
  return {
    tenantAccountType: accountType,
    companyName: accountType === 'Charity' ? values.companyName.trim() : '',
    consentToHelpEmails: values.consentToHelpEmails,
    consentToMarketingEmails: values.consentToMarketingEmails,
    termsAccepted: true,
    privacyPolicyAccepted: true,
  };
}

/** Today's date as 'yyyy-MM-dd' (local calendar), for the date input's max. */
export function isoDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
