/**
 * Identity calls of spec §7.2: signup, email verification, handle check, third-party sign-in,
 * activation, email confirmation and password recovery. Shared by the client and the server.
 */
import {
  boolean,
  enums,
  literal,
  nullable,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { CAPTCHA_TOKEN_MAX, SessionData } from './auth';

/** Limits of spec §5 and §9. */
export const NAME_MAX = 1024;
export const EMAIL_MAX = 1024;
export const PASSWORD_MAX = 512;
export const HANDLE_MIN = 4;
export const HANDLE_MAX = 20;
export const VERIFICATION_CODE_MAX = 32;
export const KEY_MAX = 256;
export const PHONE_MAX = 32;

/**
 * Control characters (CR, LF, tab, NUL, DEL and the C1 range): no screen's text field can hold
 * one, and in a name they would end up as forged lines in mails and exports (issue 31).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
export { CAPTCHA_TOKEN_MAX } from './auth';
export const AUTH_CODE_MAX = 2048;
export const URL_MAX = 2048;
export const MINIMUM_AGE_YEARS = 18;

/**
 * Spec §5 Handle: 4 to 20 characters, letters, digits and underscore only, no double underscore,
 * no leading or trailing underscore.
 */
export const HANDLE_PATTERN = /^(?!_)(?!.*__)[A-Za-z0-9_]{4,20}(?<!_)$/;
export function isValidHandle(value: string): boolean {
  return HANDLE_PATTERN.test(value);
}

/** A pragmatic address check: something@something.tld, no spaces (spec §5 '{email}' format). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** A calendar date as 'yyyy-MM-dd'. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whole years between a 'yyyy-MM-dd' date of birth and `today` (local calendar). */
export function ageInYears(dateOfBirth: string, today: Date): number | null {
  if (!ISO_DATE_PATTERN.test(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) {
    return null;
  }
  let age = today.getFullYear() - y;
  const beforeBirthday =
    today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** An email address as every form takes it (3 to EMAIL_MAX characters, one '@', a dot after). */
export const Email = refine(size(string(), 3, EMAIL_MAX), 'email', (v) => isValidEmail(v.trim()));
/** A required name (a person's first or last name, a list entry's name). */
export const Name = size(string(), 1, NAME_MAX);
const Key = size(string(), 1, KEY_MAX);

export const signupAccountTypes = ['Individual', 'Charity'] as const;
export type SignupAccountType = (typeof signupAccountTypes)[number];

/** POST /auth/verifyAccount: sends a verification code to the address. */
export const VerifyAccountRequest = object({
  email: Email,
  /** For signup the address must not belong to an account yet. */
  forSignup: optional(boolean()),
});
export type VerifyAccountRequest = Infer<typeof VerifyAccountRequest>;
export const VerifyAccountResponse = nullable(object({ sent: boolean() }));

/** POST /auth/verifyAccountCode */
export const VerifyAccountCodeRequest = object({
  email: Email,
  code: size(string(), 1, VERIFICATION_CODE_MAX),
});
export type VerifyAccountCodeRequest = Infer<typeof VerifyAccountCodeRequest>;
export const VerifyAccountCodeResponse = nullable(object({ verified: boolean() }));
export type VerifyAccountCodeResponse = Infer<typeof VerifyAccountCodeResponse>;

/** Server messages of spec §5 that show the '(re-send)' link. */
export const verificationMessages = {
  tooManyAttempts: 'Too many failed attempts. Please request a new verification code.',
  invalidOrExpired: 'Invalid or expired verification code.',
} as const;

/** POST /auth/signup: the signup payload of spec §3. */
export const SignupRequest = object({
  firstName: Name,
  lastName: Name,
  /** For an Individual, the full name (spec §3). */
  companyName: Name,
  /** E.164 ('+447700900123') or empty. */
  phone: size(string(), 0, PHONE_MAX),
  email: Email,
  password: size(string(), 1, PASSWORD_MAX),
  termsAccepted: literal(true),
  privacyPolicyAccepted: literal(true),
  consentToHelpEmails: boolean(),
  consentToMarketingEmails: boolean(),
  usingEmail: boolean(),
  reCaptchaToken: size(string(), 1, CAPTCHA_TOKEN_MAX),
  tenantAccountType: enums(signupAccountTypes),
  /** 'yyyy-MM-dd' */
  dateOfBirth: pattern(string(), ISO_DATE_PATTERN),
  handle: pattern(string(), HANDLE_PATTERN),
});
export type SignupRequest = Infer<typeof SignupRequest>;

/**
 * The signup answer: the session when the new account is active (the client stores it and goes
 * to /feed), null when it must first be activated by the emailed link.
 */
export const SignupResponse = nullable(SessionData);
export type SignupResponse = Infer<typeof SignupResponse>;

/** What the third-party provider's code flow answered (Google Identity Services code client). */
export const AuthCodeResponse = object({
  code: size(string(), 1, AUTH_CODE_MAX),
  scope: optional(size(string(), 0, AUTH_CODE_MAX)),
  state: optional(size(string(), 0, KEY_MAX)),
});
export type AuthCodeResponse = Infer<typeof AuthCodeResponse>;

/** The part of the signup payload a third-party sign-up sends (names and email come from the provider). */
export const ThirdPartySignupDetails = object({
  tenantAccountType: enums(signupAccountTypes),
  /** Required for a Charity; ignored for an Individual (the full name is used). */
  companyName: optional(size(string(), 0, NAME_MAX)),
  termsAccepted: literal(true),
  privacyPolicyAccepted: literal(true),
  consentToHelpEmails: boolean(),
  consentToMarketingEmails: boolean(),
  usingEmail: literal(false),
  reCaptchaToken: size(string(), 1, CAPTCHA_TOKEN_MAX),
});
export type ThirdPartySignupDetails = Infer<typeof ThirdPartySignupDetails>;

/**
 * POST /auth/signupWithGoogle. Answers the session; when the account already existed it signs
 * that account in and says so in `messages` (the client shows 'Account already exists, logging in...').
 */
export const SignupWithGoogleRequest = object({
  signupRequest: ThirdPartySignupDetails,
  authCodeResponse: AuthCodeResponse,
});
export type SignupWithGoogleRequest = Infer<typeof SignupWithGoogleRequest>;

/** POST /auth/loginWithGoogle */
export const LoginWithGoogleRequest = object({ authCodeResponse: AuthCodeResponse });
export type LoginWithGoogleRequest = Infer<typeof LoginWithGoogleRequest>;

/** GET /users/handleExists?value=: data true when the handle is taken. */
export const HandleExistsRequest = object({ value: size(string(), 1, HANDLE_MAX) });
export type HandleExistsRequest = Infer<typeof HandleExistsRequest>;

/** POST /auth/requestPasswordReset: the same answer whether or not the address exists. */
export const RequestPasswordResetRequest = object({
  email: Email,
  /** The page the emailed link opens (the key is appended as a path segment); own site only. */
  redirectTo: optional(size(string(), 0, URL_MAX)),
});
export type RequestPasswordResetRequest = Infer<typeof RequestPasswordResetRequest>;

/** POST /auth/validatePasswordResetKey */
export const ValidatePasswordResetKeyRequest = object({ key: Key });
export type ValidatePasswordResetKeyRequest = Infer<typeof ValidatePasswordResetKeyRequest>;
export const ValidatePasswordResetKeyResponse = object({ valid: boolean() });
export type ValidatePasswordResetKeyResponse = Infer<typeof ValidatePasswordResetKeyResponse>;

/** POST /auth/resetPassword: sets a new password by the emailed key (single use). */
export const ResetPasswordRequest = object({
  key: Key,
  newPassword: size(string(), 1, PASSWORD_MAX),
});
export type ResetPasswordRequest = Infer<typeof ResetPasswordRequest>;
export const ResetPasswordResponse = object({ updated: boolean() });

/** POST /auth/activate (spec §7.2: data.activated and data.message). */
export const ActivateRequest = object({ activationKey: Key });
export type ActivateRequest = Infer<typeof ActivateRequest>;
export const ActivateResponse = object({ activated: boolean(), message: string() });
export type ActivateResponse = Infer<typeof ActivateResponse>;

/** POST /auth/confirmEmailAddress (spec §7.2: data.confirmed and data.message). */
export const ConfirmEmailAddressRequest = object({ key: Key });
export type ConfirmEmailAddressRequest = Infer<typeof ConfirmEmailAddressRequest>;
export const ConfirmEmailAddressResponse = object({ confirmed: boolean(), message: string() });
export type ConfirmEmailAddressResponse = Infer<typeof ConfirmEmailAddressResponse>;

/**
 * Password rules of the live checklist (spec §2.3 Signup, §5 Change password): minimum length,
 * a special character, a number, a capital letter, matching passwords.
 */
export interface PasswordChecks {
  minLength: boolean;
  special: boolean;
  number: boolean;
  capital: boolean;
  match: boolean;
}
export function passwordChecks(
  password: string,
  confirm: string,
  minimumLength: number,
): PasswordChecks {
  return {
    minLength: password.length >= minimumLength,
    special: /[^A-Za-z0-9\s]/.test(password),
    number: /\d/.test(password),
    capital: /[A-Z]/.test(password),
    match: password.length > 0 && password === confirm,
  };
}
/** The server's strength rule: every check but 'match'. */
export function isStrongPassword(password: string, minimumLength: number): boolean {
  const c = passwordChecks(password, password, minimumLength);
  return c.minLength && c.special && c.number && c.capital && password.length <= PASSWORD_MAX;
}

/**
 * Spec §5 texts of the identity forms (the verification widget, signup, password recovery,
 * invitation acceptance): the client's form rules show them and the server answers them for a
 * bad payload.
 */
export const identityTexts = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  yourEmailRequired: 'Please enter your email address',
  codeRequired: 'Please enter the verification code',
  termsRequired: 'The terms of service must be accepted',
  privacyRequired: 'The privacy policy must be accepted',
  captchaRequired: 'reCAPTCHA verification is required, please try again',
  companyNameRequired: 'Please enter your company name',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  dateOfBirthRequired: 'Please enter your date of birth',
  dateOfBirthInvalid: 'Invalid date',
  handleRequired: 'Please enter a profile name/handle',
  handleRule: 'Letters, numbers and underscores only, 4-20 characters.',
  passwordTooShort: (minimum: number) => `Please enter a password (at least ${minimum} characters)`,
} as const;

/**
 * The messages of the person's own fields (name, date of birth, handle), the same on the Signup
 * and the Personal Details forms and in the server's answers (spec §5).
 */
export const personFieldTexts = {
  firstNameRequired: identityTexts.firstNameRequired,
  lastNameRequired: identityTexts.lastNameRequired,
  dateOfBirthRequired: identityTexts.dateOfBirthRequired,
  dateOfBirthInvalid: identityTexts.dateOfBirthInvalid,
  tooYoung: `You must be at least ${MINIMUM_AGE_YEARS} years old`,
  handleRequired: identityTexts.handleRequired,
  handleRule: identityTexts.handleRule,
  handleNotAvailable: 'Profile name/handle not available',
} as const;
