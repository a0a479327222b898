import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '../../contract/account';
import { avatarTexts } from '../../contract/avatars';
import { ResponseStatus, UserRole } from '../../contract/enums';
import { teamTexts } from '../../contract/team';
import { teamEndpoints } from '../../contract/endpoints/team';
import {
  countryEndpoints,
  currencyEndpoints,
  topicMaintenanceEndpoints,
} from '../../contract/endpoints/referenceLists';
import { referenceListTexts as refTexts } from '../../contract/referenceLists';
import { apiPaths } from './support/apiPaths';
import { allEndpoints } from '../../contract/endpoints';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { topicTexts } from '../../contract/topics';
import { topicEndpoints } from '../../contract/endpoints/topics';
import type { TenantStatus } from '../../contract/tenants';
import { organisationEndpoints } from '../../contract/endpoints/organisations';
import { organisationTexts as orgTexts } from '../../contract/organisations';
import { recordEndpoints } from '../../contract/endpoints/records';
import { recordTexts } from '../../contract/records';
import {
  accountKeys,
  countries,
  currencies,
  devOutboxMails,
  emailVerificationCodes,
  refreshTokens,
  tenants,
  tenantUsers,
  topics,
  userInvitationKeys,
  userInvitations,
  users,
} from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../server/db/seedData';
import { NO_TENANT_ACCESS } from '../../server/domain/scope';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { api, bearer, envelopeOf, login, type LoginResult } from './support/testServer';
import { useTestApp } from './support/suite';

let host: LoginResult;
let tenantId: number;

const { handle, test } = useTestApp({ build: { bodyLimit: 64 * 1024 } });
beforeAll(async () => {
  // The owner's organisation (a select without a where answers rows in whatever order the table
  // keeps them: once the seed updated Harbour Hope, another organisation came first).
  const [tenant] = await handle.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.name, DEMO_TENANTS.harbourHope.name));
  tenantId = tenant?.id ?? 0;
  // One app and one sign-in for the file: every case is refused and changes nothing, so the cases
  // need no fresh app each (which made this file take minutes); the one that ends the host's
  // session signs the host in again.
  host = await login(test.app, DEMO_USERS.owner.email);
});

const longText = (length: number) => 'a'.repeat(length);

interface Case {
  name: string;
  payload?: unknown;
  body?: string;
  contentType?: string;
  messages?: string[];
  code?: number;
}

/** How a call refuses an id it holds no record of (`what` ends the row's name). */
interface Refusal {
  code: number;
  message: string;
  what?: string;
}

const ORGANISATION_NOT_FOUND: Refusal = { code: 404, message: 'Organisation not found.' };

/**
 * The rows for ids no integer column holds (past 2^31 - 1, past a safe integer), each sent with
 * `rest` and refused as `refusal` says.
 */
function idsPastTheColumn(
  rest: Record<string, unknown> = {},
  refusal: Refusal = ORGANISATION_NOT_FOUND,
): Case[] {
  return [2 ** 31, 2 ** 53 + 2].map((id) => ({
    name: `the id ${id}, ${refusal.what ?? 'past any stored id'}`,
    payload: { ...rest, id },
    code: refusal.code,
    messages: [refusal.message],
  }));
}

/** A host list's bad List requests (spec §3). */
function hostListCases(): Case[] {
  return [
    { name: 'page 0', payload: { page: 0 }, messages: ['page is out of range.'] },
    {
      name: 'a page size of 1000',
      payload: { pageSize: 1000 },
      messages: ['pageSize is out of range.'],
    },
    { name: 'a text page', payload: { page: '2' }, messages: ['page must be a whole number.'] },
    {
      name: 'a search over 256',
      payload: { searchString: longText(257) },
      messages: ['searchString must be between 0 and 256 characters long.'],
    },
    {
      name: 'a text getTotalCount',
      payload: { getTotalCount: 'yes' },
      messages: ['getTotalCount must be true or false.'],
    },
    {
      name: 'an extra field',
      payload: { tenantId: 2 },
      messages: ['tenantId is not an expected field.'],
    },
  ];
}

/** An organisation switch's bad payloads (tenants/setEnabled, setSendingEmailsEnabled). */
function flagCases(): Case[] {
  return [
    { name: 'no body', messages: ['id is required.', 'value is required.'] },
    { name: 'no value', payload: { id: 2 }, messages: ['value is required.'] },
    {
      name: 'a text value',
      payload: { id: 2, value: 'no' },
      messages: ['value must be true or false.'],
    },
    {
      name: 'a text id',
      payload: { id: '2', value: true },
      messages: ['id must be a whole number.'],
    },
    ...idsPastTheColumn({ value: true }),
  ];
}

async function post(path: string, item: Case) {
  const headers: Record<string, string> = { ...bearer(host.jwtToken) };
  if (item.contentType !== undefined) headers['content-type'] = item.contentType;
  else if (item.body !== undefined) headers['content-type'] = 'application/json';
  return test.app.inject({
    method: 'POST',
    url: api(path),
    headers,
    cookies: { [REFRESH_COOKIE]: host.refreshToken },
    ...(item.payload !== undefined ? { payload: item.payload as object } : {}),
    ...(item.body !== undefined ? { body: item.body } : {}),
  });
}

const transportCases: Case[] = [
  {
    name: 'malformed JSON',
    body: '{"email": "a@b.c",',
    messages: ['The request body is not valid JSON.'],
  },
  {
    name: 'prototype poisoning',
    body: '{"__proto__": {"isHost": true}}',
    messages: ['The request body is not valid JSON.'],
  },
  { name: 'a JSON array', body: '[1, 2]', messages: ['The request body must be a JSON object.'] },
  { name: 'a JSON string', body: '"hello"', messages: ['The request body must be a JSON object.'] },
  { name: 'JSON null', body: 'null', messages: ['The request body must be a JSON object.'] },
  {
    name: 'a plain-text body',
    body: 'email=a',
    contentType: 'text/plain',
    messages: ['The request body must be a JSON object.'],
  },
  { name: 'an unsupported content type', body: '<a/>', contentType: 'application/xml', code: 415 },
  {
    name: 'a body over the limit',
    body: JSON.stringify({ email: longText(70_000) }),
    code: 413,
    messages: ['The request body is too large.'],
  },
];

/** A valid tenants/new payload, to break one field at a time. */
const NEW_ORGANISATION = {
  name: 'Tide Table Trust',
  email: 'hello@tidetable.example',
  contactName: 'Marcus Reed',
  contactPhone: '+44 7700 900456',
};

/** Valid tenants/updateDetails fields of the seeded organisation (id 1: see withTenant). */
const ORGANISATION_DETAILS = {
  id: 1,
  ...NEW_ORGANISATION,
  companyNumber: '',
  vatNumber: '',
  website: '',
};

/** A valid signup payload, to break one field at a time. */
const SIGNUP = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Ada Lovelace',
  phone: '',
  email: 'ada@example.org',
  password: 'Str0ng!pass',
  termsAccepted: true,
  privacyPolicyAccepted: true,
  consentToHelpEmails: false,
  consentToMarketingEmails: false,
  usingEmail: true,
  reCaptchaToken: 'token',
  tenantAccountType: 'Individual',
  dateOfBirth: '1990-01-01',
  handle: 'ada_lovelace',
};

const GOOGLE_SIGNUP = {
  signupRequest: {
    tenantAccountType: 'Individual',
    termsAccepted: true,
    privacyPolicyAccepted: true,
    consentToHelpEmails: false,
    consentToMarketingEmails: false,
    usingEmail: false,
    reCaptchaToken: 'token',
  },
  authCodeResponse: { code: 'code' },
};

const SCRIPT = '<script>alert(1)</script>';

function identityCases(): Record<string, Case[]> {
  return {
    [apiPaths.verifyAccount]: [
      { name: 'no body', messages: ['Please enter an email address'] },
      { name: 'numeric email', payload: { email: 7 }, messages: ['email must be text.'] },
      {
        name: 'email over 1024',
        payload: { email: `${longText(1020)}@x.io` },
        messages: [
          'email must be between 3 and 1024 characters long.',
          'Please enter a valid email address',
        ],
      },
      {
        name: 'markup for an email',
        payload: { email: `${SCRIPT}@x` },
        messages: ['Please enter a valid email address'],
      },
      {
        name: 'a NUL character in the email',
        payload: { email: 'a\u0000b@x.io' },
        messages: ['email contains characters that are not allowed.'],
      },
      {
        name: 'an unpaired surrogate in the email',
        payload: { email: 'a\ud800b@x.io' },
        messages: ['email contains characters that are not allowed.'],
      },
      {
        name: 'string forSignup',
        payload: { email: 'a@b.io', forSignup: 'yes' },
        messages: ['forSignup must be true or false.'],
      },
      {
        name: 'an extra field',
        payload: { email: 'a@b.io', code: '123456' },
        messages: ['code is not an expected field.'],
      },
    ],
    [apiPaths.verifyAccountCode]: [
      {
        name: 'no body',
        messages: ['Please enter an email address', 'Please enter the verification code'],
      },
      {
        name: 'code over 32',
        payload: { email: 'a@b.io', code: longText(33) },
        messages: ['code must be between 1 and 32 characters long.'],
      },
      {
        name: 'numeric code',
        payload: { email: 'a@b.io', code: 123456 },
        messages: ['code must be text.'],
      },
    ],
    [apiPaths.signup]: [
      {
        name: 'no body',
        messages: [
          'Please enter your first name',
          'Please enter your last name',
          'Please enter your company name',
          'phone is required.',
          'Please enter an email address',
          'Please enter a password (at least 6 characters)',
          'The terms of service must be accepted',
          'The privacy policy must be accepted',
          'consentToHelpEmails is required.',
          'consentToMarketingEmails is required.',
        ],
      },
      {
        name: 'first name over 1024',
        payload: { ...SIGNUP, firstName: longText(1025) },
        messages: ['firstName must be between 1 and 1024 characters long.'],
      },
      {
        name: 'company name over 1024',
        payload: { ...SIGNUP, companyName: longText(1025) },
        messages: ['companyName must be between 1 and 1024 characters long.'],
      },
      {
        name: 'password over 512',
        payload: { ...SIGNUP, password: `A1!${longText(510)}` },
        messages: ['password must be between 1 and 512 characters long.'],
      },
      {
        name: 'phone over 32',
        payload: { ...SIGNUP, phone: `+44${'1'.repeat(40)}` },
        messages: ['phone must be between 0 and 32 characters long.'],
      },
      {
        name: 'an account type that cannot sign up',
        payload: { ...SIGNUP, tenantAccountType: 'Company' },
        messages: ['tenantAccountType is not one of the allowed values.'],
      },
      {
        name: 'a handle with markup',
        payload: { ...SIGNUP, handle: SCRIPT },
        messages: ['Letters, numbers and underscores only, 4-20 characters.'],
      },
      {
        name: 'string consent',
        payload: { ...SIGNUP, consentToMarketingEmails: 'true' },
        messages: ['consentToMarketingEmails must be true or false.'],
      },
      {
        name: 'terms not accepted',
        payload: { ...SIGNUP, termsAccepted: false },
        messages: ['The terms of service must be accepted'],
      },
      {
        name: 'an object for a name',
        payload: { ...SIGNUP, lastName: { $gt: '' } },
        messages: ['lastName must be text.'],
      },
      {
        name: 'a NUL character in a name',
        payload: { ...SIGNUP, firstName: 'Ada\u0000' },
        messages: ['firstName contains characters that are not allowed.'],
      },
      {
        name: 'an isHost field',
        payload: { ...SIGNUP, isHost: true },
        messages: ['isHost is not an expected field.'],
      },
    ],
    [apiPaths.signupWithGoogle]: [
      {
        name: 'no body',
        messages: ['signupRequest is required.', 'authCodeResponse is required.'],
      },
      {
        name: 'usingEmail true',
        payload: {
          ...GOOGLE_SIGNUP,
          signupRequest: { ...GOOGLE_SIGNUP.signupRequest, usingEmail: true },
        },
        messages: ['signupRequest.usingEmail is not one of the allowed values.'],
      },
      {
        name: 'privacy not accepted',
        payload: {
          ...GOOGLE_SIGNUP,
          signupRequest: { ...GOOGLE_SIGNUP.signupRequest, privacyPolicyAccepted: false },
        },
        messages: ['The privacy policy must be accepted'],
      },
      {
        name: 'code over 2048',
        payload: { ...GOOGLE_SIGNUP, authCodeResponse: { code: longText(2049) } },
        messages: ['authCodeResponse.code must be between 1 and 2048 characters long.'],
      },
    ],
    [apiPaths.loginWithGoogle]: [
      { name: 'no body', messages: ['authCodeResponse is required.'] },
      {
        name: 'empty code',
        payload: { authCodeResponse: { code: '' } },
        messages: ['authCodeResponse.code is required.'],
      },
      {
        name: 'a NUL character deep in the payload',
        payload: { authCodeResponse: { code: 'c', state: '\u0000' } },
        messages: ['authCodeResponse.state contains characters that are not allowed.'],
      },
      {
        name: 'a string for the code response',
        payload: { authCodeResponse: 'code' },
        messages: ['authCodeResponse must be an object.'],
      },
    ],
    [apiPaths.requestPasswordReset]: [
      { name: 'no body', messages: ['Please enter your email address'] },
      {
        name: 'an invalid email',
        payload: { email: 'nobody' },
        messages: ['Please enter a valid email address'],
      },
      {
        name: 'redirectTo over 2048',
        payload: { email: 'a@b.io', redirectTo: `https://x.io/${longText(2048)}` },
        messages: ['redirectTo must be between 0 and 2048 characters long.'],
      },
    ],
    [apiPaths.validatePasswordResetKey]: [
      { name: 'no body', messages: ['key is required.'] },
      {
        name: 'key over 256',
        payload: { key: longText(257) },
        messages: ['key must be between 1 and 256 characters long.'],
      },
    ],
    [apiPaths.resetPassword]: [
      {
        name: 'no body',
        messages: ['key is required.', 'Please enter a password (at least 6 characters)'],
      },
      {
        name: 'password over 512',
        payload: { key: 'k', newPassword: longText(513) },
        messages: ['newPassword must be between 1 and 512 characters long.'],
      },
    ],
    [apiPaths.activate]: [
      { name: 'no body', messages: ['activationKey is required.'] },
      {
        name: 'a list key',
        payload: { activationKey: ['k'] },
        messages: ['activationKey must be text.'],
      },
    ],
    [apiPaths.confirmEmailAddress]: [
      { name: 'no body', messages: ['key is required.'] },
      { name: 'a numeric key', payload: { key: 1 }, messages: ['key must be text.'] },
    ],
    [apiPaths.countriesList]: [
      {
        name: 'pageSize over 999',
        payload: { pageSize: 1000 },
        messages: ['pageSize is out of range.'],
      },
      { name: 'a string page', payload: { page: '1' }, messages: ['page must be a whole number.'] },
    ],
  };
}

/** A valid personal-details payload of the host (the owner), to break one field at a time. */
const PERSONAL = {
  firstName: DEMO_USERS.owner.firstName,
  lastName: DEMO_USERS.owner.lastName,
  phone: '',
  dateOfBirth: '1980-01-01',
  handle: DEMO_USERS.owner.handle,
  email: DEMO_USERS.owner.email,
};

function accountCases(): Record<string, Case[]> {
  const consentCases: Case[] = [
    { name: 'no body', messages: ['value is required.'] },
    {
      name: 'string value',
      payload: { value: 'true' },
      messages: ['value must be true or false.'],
    },
    {
      name: 'another user id',
      payload: { value: true, id: 2 },
      messages: ['id is not an expected field.'],
    },
  ];
  return {
    [apiPaths.updatePersonalDetails]: [
      {
        name: 'no body',
        messages: [
          accountTexts.firstNameRequired,
          accountTexts.lastNameRequired,
          'phone is required.',
          accountTexts.dateOfBirthRequired,
          accountTexts.handleRequired,
          accountTexts.emailRequired,
        ],
      },
      {
        name: 'a first name over 1024',
        payload: { ...PERSONAL, firstName: longText(1025) },
        messages: [accountTexts.nameTooLong],
      },
      {
        name: 'an invalid phone',
        payload: { ...PERSONAL, phone: '+44 12' },
        messages: [accountTexts.phoneInvalid],
      },
      {
        name: 'a date of birth under 18',
        payload: { ...PERSONAL, dateOfBirth: `${new Date().getFullYear() - 10}-01-01` },
        messages: [accountTexts.tooYoung],
      },
      {
        name: 'a taken handle',
        payload: { ...PERSONAL, handle: DEMO_USERS.member.handle },
        messages: [accountTexts.handleNotAvailable],
      },
      {
        name: 'a handle with markup',
        payload: { ...PERSONAL, handle: SCRIPT },
        messages: [accountTexts.handleRule],
      },
      {
        name: 'an unverified new email',
        payload: { ...PERSONAL, email: 'not.verified@example.org' },
        messages: [accountTexts.emailNotVerified],
      },
      {
        name: 'an isHost field',
        payload: { ...PERSONAL, isHost: true },
        messages: ['isHost is not an expected field.'],
      },
    ],
    [apiPaths.updatePreferences]: [
      {
        name: 'no body',
        messages: [
          'consentToHelpEmails is required.',
          'consentToMarketingEmails is required.',
          'annotationColor is required.',
        ],
      },
      {
        name: 'a colour name',
        payload: {
          consentToHelpEmails: true,
          consentToMarketingEmails: true,
          annotationColor: 'red',
        },
        messages: ['annotationColor is out of range.'],
      },
    ],
    [apiPaths.setConsentToHelpEmails]: consentCases,
    [apiPaths.setConsentToMarketingEmails]: consentCases,
    [apiPaths.updatePassword]: [
      {
        name: 'no body',
        messages: [
          accountTexts.currentPasswordRequired,
          'Please enter a password (at least 6 characters)',
        ],
      },
      {
        name: 'a wrong current password',
        payload: { currentPassword: 'Wrong!pass1', newPassword: 'N3w!passw0rd' },
        messages: [accountTexts.currentPasswordWrong],
      },
      {
        name: 'a weak new password',
        payload: { currentPassword: DEMO_PASSWORD, newPassword: 'password' },
        messages: [accountTexts.passwordInvalid],
      },
      {
        name: 'a new password over 512',
        payload: { currentPassword: DEMO_PASSWORD, newPassword: `A1!${longText(510)}` },
        messages: ['newPassword must be between 1 and 512 characters long.'],
      },
    ],
  };
}

/** A valid invitation of the invite form, to break one field at a time. */
const INVITE = {
  firstName: 'Iris',
  lastName: 'Vale',
  email: 'iris.vale@example.org',
  message: 'Join us',
  userRole: UserRole.User,
  canChangeEmailAddress: false,
};

/** A valid acceptance (spec §3 Accept invitation payload) of a key no invitation has. */
const ACCEPT = {
  firstName: 'Iris',
  lastName: 'Vale',
  email: 'iris.vale@example.org',
  password: 'Str0ng!pass',
  termsAccepted: true,
  privacyPolicyAccepted: true,
  consentToHelpEmails: false,
  consentToMarketingEmails: false,
  usingEmail: true,
  reCaptchaToken: 'token',
  userInvitationKey: 'k'.repeat(43),
};

const GOOGLE_ACCEPT = {
  acceptUserInvitationRequest: {
    userInvitationKey: 'k'.repeat(43),
    termsAccepted: true,
    privacyPolicyAccepted: true,
    consentToHelpEmails: false,
    consentToMarketingEmails: false,
    usingEmail: false,
    reCaptchaToken: 'token',
  },
  authCodeResponse: { code: 'code' },
};

const googleAccept = (details: Record<string, unknown>) => ({
  ...GOOGLE_ACCEPT,
  acceptUserInvitationRequest: { ...GOOGLE_ACCEPT.acceptUserInvitationRequest, ...details },
});

/** The team calls' refusal of an id of no record of the organisation. */
const NOT_IN_THIS_ORGANISATION: Refusal = { code: 404, message: teamTexts.notInThisOrganisation };

/** The list request of users/list and userinvitations/list (spec §3 List request). */
const listCases: Case[] = [
  { name: 'a string page', payload: { page: '1' }, messages: ['page must be a whole number.'] },
  { name: 'page 0', payload: { page: 0 }, messages: ['page is out of range.'] },
  { name: 'a negative page', payload: { page: -2 }, messages: ['page is out of range.'] },
  { name: 'pageSize 0', payload: { pageSize: 0 }, messages: ['pageSize is out of range.'] },
  {
    name: 'pageSize over 999',
    payload: { pageSize: 1000 },
    messages: ['pageSize is out of range.'],
  },
  {
    name: 'a sortBy over 64',
    payload: { sortBy: longText(65) },
    messages: ['sortBy must be between 0 and 64 characters long.'],
  },
  {
    name: 'a searchString over 256',
    payload: { searchString: longText(257) },
    messages: ['searchString must be between 0 and 256 characters long.'],
  },
  {
    name: 'a string getTotalCount',
    payload: { getTotalCount: 'true' },
    messages: ['getTotalCount must be true or false.'],
  },
  {
    name: "another organisation's id",
    payload: { tenantId: 2 },
    messages: ['tenantId is not an expected field.'],
  },
];

/**
 * The invite form's payload: create and upsert (an id resends), update (an invitation's id). The
 * rules the domain checks after finding the invitation are tried on create and upsert only.
 */
function invitationCases(kind: 'create' | 'upsert' | 'update'): Case[] {
  const updates = kind === 'update';
  const base = updates ? { ...INVITE, id: 3 } : INVITE;
  const fieldMessages = [
    teamTexts.inviteFirstNameRequired,
    teamTexts.inviteLastNameRequired,
    teamTexts.inviteEmailRequired,
    teamTexts.userRoleRequired,
    'canChangeEmailAddress is required.',
  ];
  const domainRules: Case[] = [
    {
      name: 'a blank first name',
      payload: { ...base, firstName: '   ' },
      messages: [teamTexts.inviteFirstNameRequired],
    },
    {
      name: 'a member of the organisation',
      payload: { ...base, email: DEMO_USERS.member.email },
      code: 409,
      messages: [teamTexts.alreadyMember],
    },
  ];
  return [
    { name: 'no body', messages: updates ? ['id is required.', ...fieldMessages] : fieldMessages },
    ...(updates
      ? [{ name: 'no id', payload: INVITE, messages: ['id is required.'] }]
      : domainRules),
    {
      name: 'a last name over 1024',
      payload: { ...base, lastName: longText(1025) },
      messages: ['lastName must be between 1 and 1024 characters long.'],
    },
    {
      name: 'a numeric first name',
      payload: { ...base, firstName: 42 },
      messages: ['firstName must be text.'],
    },
    {
      name: 'an invalid email',
      payload: { ...base, email: 'iris.example.org' },
      messages: [teamTexts.inviteEmailInvalid],
    },
    {
      name: 'markup for an email',
      payload: { ...base, email: `${SCRIPT}@x` },
      messages: [teamTexts.inviteEmailInvalid],
    },
    {
      name: 'an email over 1024',
      payload: { ...base, email: `${longText(1020)}@x.io` },
      messages: ['email must be between 3 and 1024 characters long.', teamTexts.inviteEmailInvalid],
    },
    {
      name: 'an unknown role',
      payload: { ...base, userRole: 2 },
      messages: [teamTexts.userRoleRequired],
    },
    {
      name: "a role's name",
      payload: { ...base, userRole: 'Administrator' },
      messages: [teamTexts.userRoleRequired],
    },
    {
      name: 'a role as text',
      payload: { ...base, userRole: '1' },
      messages: [teamTexts.userRoleRequired],
    },
    {
      name: 'a negative role',
      payload: { ...base, userRole: -1 },
      messages: [teamTexts.userRoleRequired],
    },
    {
      name: 'a message over 2000',
      payload: { ...base, message: longText(2001) },
      messages: ['message must be between 0 and 2000 characters long.'],
    },
    {
      name: 'a string canChangeEmailAddress',
      payload: { ...base, canChangeEmailAddress: 'yes' },
      messages: ['canChangeEmailAddress must be true or false.'],
    },
    { name: 'id 0', payload: { ...base, id: 0 }, messages: ['id is out of range.'] },
    { name: 'a negative id', payload: { ...base, id: -7 }, messages: ['id is out of range.'] },
    {
      name: 'a fractional id',
      payload: { ...base, id: 1.5 },
      messages: ['id must be a whole number.'],
    },
    ...idsPastTheColumn(base, NOT_IN_THIS_ORGANISATION),
    {
      name: 'a tenantId field',
      payload: { ...base, tenantId: 2 },
      messages: ['tenantId is not an expected field.'],
    },
  ];
}

function teamCases(): Record<string, Case[]> {
  return {
    [teamEndpoints.listUsers.path]: listCases,
    [teamEndpoints.listInvitations.path]: listCases,
    [teamEndpoints.updateUser.path]: [
      {
        name: 'no body',
        messages: ['id is required.', teamTexts.userRoleRequired, 'loginEnabled is required.'],
      },
      {
        name: 'an unknown role',
        payload: { id: 2, userRole: 5, loginEnabled: true },
        messages: [teamTexts.userRoleRequired],
      },
      {
        name: "a role's name",
        payload: { id: 2, userRole: 'User', loginEnabled: true },
        messages: [teamTexts.userRoleRequired],
      },
      {
        name: 'a string loginEnabled',
        payload: { id: 2, userRole: UserRole.User, loginEnabled: 'false' },
        messages: ['loginEnabled must be true or false.'],
      },
      {
        name: 'id 0',
        payload: { id: 0, userRole: UserRole.User, loginEnabled: true },
        messages: ['id is out of range.'],
      },
      {
        name: 'a negative id',
        payload: { id: -2, userRole: UserRole.User, loginEnabled: true },
        messages: ['id is out of range.'],
      },
      {
        name: 'a string id',
        payload: { id: '2', userRole: UserRole.User, loginEnabled: true },
        messages: ['id must be a whole number.'],
      },
      ...idsPastTheColumn(
        { userRole: UserRole.User, loginEnabled: true },
        NOT_IN_THIS_ORGANISATION,
      ),
      {
        name: 'an owner field',
        payload: { id: 2, userRole: UserRole.User, loginEnabled: true, owner: true },
        messages: ['owner is not an expected field.'],
      },
    ],
    [teamEndpoints.createInvitation.path]: invitationCases('create'),
    [teamEndpoints.upsertInvitation.path]: invitationCases('upsert'),
    [teamEndpoints.updateInvitation.path]: invitationCases('update'),
    [teamEndpoints.setCanChangeEmailAddress.path]: [
      { name: 'no body', messages: ['value is required.'] },
      {
        name: 'a string value',
        payload: { id: 1, value: 'true' },
        messages: ['value must be true or false.'],
      },
      { name: 'id 0', payload: { id: 0, value: true }, messages: ['id is out of range.'] },
      {
        name: 'a negative id',
        payload: { id: -1, value: true },
        messages: ['id is out of range.'],
      },
      {
        name: 'an empty guid',
        payload: { guid: '', value: true },
        messages: ['guid is required.'],
      },
      {
        name: 'a guid over 64',
        payload: { guid: longText(65), value: true },
        messages: ['guid must be between 1 and 64 characters long.'],
      },
      {
        name: 'a guid of no invitation',
        payload: { guid: 'nope', value: true },
        code: 404,
        messages: [teamTexts.notInThisOrganisation],
      },
      ...idsPastTheColumn({ value: true }, NOT_IN_THIS_ORGANISATION),
      {
        name: 'neither an id nor a guid',
        payload: { value: true },
        messages: [teamTexts.idOrGuidRequired],
      },
    ],
    [teamEndpoints.acceptUserInvitation.path]: [
      {
        name: 'no body',
        messages: [
          teamTexts.firstNameRequired,
          teamTexts.lastNameRequired,
          teamTexts.emailRequired,
          teamTexts.passwordRequired,
          teamTexts.termsRequired,
          teamTexts.privacyRequired,
          'consentToHelpEmails is required.',
          'consentToMarketingEmails is required.',
          'usingEmail is required.',
          teamTexts.captchaRequired,
        ],
      },
      {
        name: 'a first name over 1024',
        payload: { ...ACCEPT, firstName: longText(1025) },
        messages: ['firstName must be between 1 and 1024 characters long.'],
      },
      {
        name: 'an object for a name',
        payload: { ...ACCEPT, lastName: { $ne: '' } },
        messages: ['lastName must be text.'],
      },
      {
        name: 'an invalid email',
        payload: { ...ACCEPT, email: 'iris@' },
        messages: [teamTexts.emailInvalid],
      },
      {
        name: 'an email over 1024',
        payload: { ...ACCEPT, email: `${longText(1020)}@x.io` },
        messages: ['email must be between 3 and 1024 characters long.', teamTexts.emailInvalid],
      },
      {
        name: 'a password over 512',
        payload: { ...ACCEPT, password: `A1!${longText(510)}` },
        messages: ['password must be between 1 and 512 characters long.'],
      },
      {
        name: 'terms not accepted',
        payload: { ...ACCEPT, termsAccepted: false },
        messages: [teamTexts.termsRequired],
      },
      {
        name: 'a string privacy acceptance',
        payload: { ...ACCEPT, privacyPolicyAccepted: 'true' },
        messages: [teamTexts.privacyRequired],
      },
      {
        name: 'an empty captcha token',
        payload: { ...ACCEPT, reCaptchaToken: '' },
        messages: [teamTexts.captchaRequired],
      },
      {
        name: 'a captcha token over 4096',
        payload: { ...ACCEPT, reCaptchaToken: longText(4097) },
        messages: ['reCaptchaToken must be between 1 and 4096 characters long.'],
      },
      {
        name: 'no key',
        payload: { ...ACCEPT, userInvitationKey: '' },
        messages: [teamTexts.keyInvalid],
      },
      {
        name: 'a key over 256',
        payload: { ...ACCEPT, userInvitationKey: longText(257) },
        messages: [teamTexts.keyInvalid],
      },
      {
        name: 'a key of no invitation',
        payload: ACCEPT,
        code: 404,
        messages: [teamTexts.unknownInvitationKey],
      },
      {
        name: 'a role chosen by the invitee',
        payload: { ...ACCEPT, userRole: UserRole.Administrator },
        messages: ['userRole is not an expected field.'],
      },
    ],
    [teamEndpoints.acceptUserInvitationWithGoogle.path]: [
      {
        name: 'no body',
        messages: ['acceptUserInvitationRequest is required.', 'authCodeResponse is required.'],
      },
      {
        name: 'usingEmail true',
        payload: googleAccept({ usingEmail: true }),
        messages: ['acceptUserInvitationRequest.usingEmail is not one of the allowed values.'],
      },
      {
        name: 'terms not accepted',
        payload: googleAccept({ termsAccepted: false }),
        messages: [teamTexts.termsRequired],
      },
      {
        name: 'no captcha token',
        payload: googleAccept({ reCaptchaToken: undefined }),
        messages: [teamTexts.captchaRequired],
      },
      {
        name: 'a key over 256',
        payload: googleAccept({ userInvitationKey: longText(257) }),
        messages: [teamTexts.keyInvalid],
      },
      {
        name: 'a numeric key',
        payload: googleAccept({ userInvitationKey: 12345 }),
        messages: ['acceptUserInvitationRequest.userInvitationKey must be text.'],
      },
      {
        name: 'a code over 2048',
        payload: { ...GOOGLE_ACCEPT, authCodeResponse: { code: longText(2049) } },
        messages: ['authCodeResponse.code must be between 1 and 2048 characters long.'],
      },
      {
        name: 'a role chosen by the invitee',
        payload: googleAccept({ userRole: UserRole.Administrator }),
        messages: ['acceptUserInvitationRequest.userRole is not an expected field.'],
      },
      {
        name: 'a key of no invitation',
        payload: GOOGLE_ACCEPT,
        code: 404,
        messages: [teamTexts.unknownInvitationKey],
      },
    ],
    [teamEndpoints.declineUserInvitation.path]: [
      { name: 'no body', messages: [teamTexts.keyInvalid] },
      {
        name: 'a key over 256',
        payload: { userInvitationKey: longText(257) },
        messages: [teamTexts.keyInvalid],
      },
      {
        name: 'a list for a key',
        payload: { userInvitationKey: ['k'] },
        messages: ['userInvitationKey must be text.'],
      },
      {
        name: 'a reason over 2000',
        payload: { userInvitationKey: 'k'.repeat(43), message: longText(2001) },
        messages: ['message must be between 0 and 2000 characters long.'],
      },
      {
        name: 'a numeric reason',
        payload: { userInvitationKey: 'k'.repeat(43), message: 5 },
        messages: ['message must be text.'],
      },
      {
        name: 'a key of no invitation',
        payload: { userInvitationKey: 'k'.repeat(43) },
        code: 404,
        messages: [teamTexts.unknownInvitationKey],
      },
    ],
  };
}

/**
 * The reference lists' writes (issue 19), as the host: bad fields get the contract's messages,
 * impossible requests (a place out of range, an unknown id, a taken name or code) their
 * refusals. Ids here are past any row (never 1, which the loop reads as the tenant's).
 */
function referenceListCases(): Record<string, Case[]> {
  const UNKNOWN = 999_999;
  const cases: Record<string, Case[]> = {};
  const lists = [
    [
      countryEndpoints,
      refTexts.countries.notFound,
      { name: 'Atlantis', code: 'QQ', callingCode: '999' },
    ],
    [
      currencyEndpoints,
      refTexts.currencies.notFound,
      { name: 'Atlantean Crown', code: 'QQQ', symbol: 'A' },
    ],
    [topicMaintenanceEndpoints, refTexts.topics.notFound, { name: 'Ocean Rescue' }],
  ] as const;
  for (const [endpoints, notFound, fields] of lists) {
    cases[endpoints.create.path] = [
      { name: 'no name', payload: { ...fields, name: '' }, messages: [refTexts.nameRequired] },
      {
        name: 'a name of spaces',
        payload: { ...fields, name: '   ' },
        messages: [refTexts.nameRequired],
      },
      {
        name: 'a name over 128',
        payload: { ...fields, name: longText(129) },
        messages: [refTexts.nameRequired],
      },
      {
        name: 'an unknown field',
        payload: { ...fields, order: 3 },
        messages: ['order is not an expected field.'],
      },
    ];
    cases[endpoints.update.path] = [
      {
        name: 'an unknown id',
        payload: { ...fields, id: UNKNOWN },
        code: 404,
        messages: [notFound],
      },
      { name: 'no id', payload: fields, messages: ['id is required.'] },
    ];
    cases[endpoints.setEnabled.path] = [
      {
        name: 'an unknown id',
        payload: { id: UNKNOWN, value: false },
        code: 404,
        messages: [notFound],
      },
      {
        name: 'a text value',
        payload: { id: UNKNOWN, value: 'no' },
        messages: ['value must be true or false.'],
      },
    ];
    cases[endpoints.changeOrder.path] = [
      {
        name: 'an unknown id',
        payload: { id: UNKNOWN, moveUp: true },
        code: 404,
        messages: [notFound],
      },
      { name: 'no direction', payload: { id: UNKNOWN }, messages: ['moveUp is required.'] },
    ];
    cases[endpoints.moveOrderToIndex.path] = [
      {
        name: 'an unknown id',
        payload: { id: UNKNOWN, index: 0 },
        code: 404,
        messages: [notFound],
      },
      {
        name: 'a negative index',
        payload: { id: UNKNOWN, index: -1 },
        messages: ['index is out of range.'],
      },
      {
        name: 'a fractional index',
        payload: { id: UNKNOWN, index: 0.5 },
        messages: ['index must be a whole number.'],
      },
    ];
    cases[endpoints.deleteAndReorder.path] = [
      { name: 'an unknown id', payload: { id: UNKNOWN }, code: 404, messages: [notFound] },
      { name: 'id 0', payload: { id: 0 }, messages: ['id is out of range.'] },
    ];
  }
  cases[countryEndpoints.upsert.path] = [
    {
      name: 'a lower-case code',
      payload: { name: 'Atlantis', code: 'qq', callingCode: '999' },
      messages: [refTexts.countryCodeInvalid],
    },
    {
      name: 'a calling code with +',
      payload: { name: 'Atlantis', code: 'QQ', callingCode: '+999' },
      messages: [refTexts.callingCodeInvalid],
    },
    {
      name: 'the name of another country in other letters',
      payload: { name: 'UNITED KINGDOM', code: 'QQ', callingCode: '999' },
      code: 409,
      messages: [refTexts.countries.nameTaken('UNITED KINGDOM')],
    },
    {
      name: 'the code of another country',
      payload: { name: 'Atlantis', code: 'FR', callingCode: '999' },
      code: 409,
      messages: [refTexts.countries.codeTaken('FR')],
    },
  ];
  cases[currencyEndpoints.upsert.path] = [
    {
      name: 'a two-letter code',
      payload: { name: 'Atlantean Crown', code: 'QQ', symbol: '' },
      messages: [refTexts.currencyCodeInvalid],
    },
    {
      name: 'a symbol over 8',
      payload: { name: 'Atlantean Crown', code: 'QQQ', symbol: longText(9) },
      messages: [refTexts.symbolTooLong],
    },
    {
      name: 'the code of another currency',
      payload: { name: 'Atlantean Crown', code: 'EUR', symbol: '' },
      code: 409,
      messages: [refTexts.currencies.codeTaken('EUR')],
    },
  ];
  cases[topicMaintenanceEndpoints.upsert.path] = [
    {
      name: 'the name of another topic in other letters',
      payload: { name: 'education' },
      code: 409,
      messages: [refTexts.topics.nameTaken('education')],
    },
  ];
  return cases;
}

/** A valid users/create payload (Harbour Hope's id is put in by withTenant), to break. */
const NEW_USER = {
  firstName: 'Rhea',
  lastName: 'Record',
  email: 'rhea.record@example.org',
  handle: 'rhea_record',
  tenantId: 1,
  userRole: UserRole.User,
};

/** A valid users/update payload of Marcus (id 2), to break. */
const USER_DETAILS = {
  id: 2,
  firstName: 'Marcus',
  lastName: 'Reed',
  phone: '',
  dateOfBirth: '1990-01-01',
  handle: 'marcus_reed',
};

const USER_NOT_FOUND: Refusal = { code: 404, message: recordTexts.userNotFound };

/** The record calls (issue 19), called by the host: bad types, lengths and unknown ids. */
function recordCases(): Record<string, Case[]> {
  const userFieldCases = (base: Record<string, unknown>): Case[] => [
    {
      name: 'a numeric first name',
      payload: { ...base, firstName: 7 },
      messages: ['firstName must be text.'],
    },
    {
      name: 'a first name over 1024',
      payload: { ...base, firstName: longText(1025) },
      messages: [recordTexts.nameTooLong],
    },
    {
      name: 'an empty last name',
      payload: { ...base, lastName: '' },
      messages: [recordTexts.lastNameRequired],
    },
    // Issue 31: a line break in a name (a header in a mail, a forged line in a CSV export).
    {
      name: 'a first name with CR/LF',
      payload: { ...base, firstName: 'Rhea\r\nBcc: all@example.org' },
      messages: [recordTexts.firstNameRequired],
    },
    {
      name: 'a last name with a line feed',
      payload: { ...base, lastName: 'Record\n' },
      messages: [recordTexts.lastNameRequired],
    },
    {
      name: 'a first name with a tab',
      payload: { ...base, firstName: 'Rh\tea' },
      messages: [recordTexts.firstNameRequired],
    },
    {
      name: 'a handle with a double underscore',
      payload: { ...base, handle: 'a__bcd' },
      messages: [recordTexts.handleRule],
    },
    {
      name: 'a handle over 20',
      payload: { ...base, handle: longText(21) },
      messages: [recordTexts.handleRule],
    },
    {
      name: 'markup for a handle',
      payload: { ...base, handle: SCRIPT },
      messages: [recordTexts.handleRule],
    },
  ];
  /** The ids past the column, and issue 31's organisation rules (no line break in a name, a
   * phone number's characters in the contact phone) with their texts. */
  const tenantDetailCases = (): Case[] => [
    ...idsPastTheColumn({ ...ORGANISATION_DETAILS, id: undefined }),
    {
      name: 'a name with CR/LF',
      payload: { ...ORGANISATION_DETAILS, name: 'Tide\r\nTable' },
      messages: [orgTexts.nameRequired],
    },
    {
      name: 'a contact name with a line feed',
      payload: { ...ORGANISATION_DETAILS, contactName: 'Ann\nBcc: all@example.org' },
      messages: [orgTexts.contactNameRequired],
    },
    {
      name: 'a contact phone of words',
      payload: { ...ORGANISATION_DETAILS, contactPhone: 'call me maybe' },
      messages: [orgTexts.contactPhoneRequired],
    },
    {
      name: 'a contact phone with a line break',
      payload: { ...ORGANISATION_DETAILS, contactPhone: '+44 20 7946 0018\r\nX' },
      messages: [orgTexts.contactPhoneRequired],
    },
    {
      name: 'a contact phone of markup',
      payload: { ...ORGANISATION_DETAILS, contactPhone: SCRIPT },
      messages: [orgTexts.contactPhoneRequired],
    },
  ];
  return {
    [recordEndpoints.createUser.path]: [
      {
        name: 'no body',
        messages: [
          recordTexts.firstNameRequired,
          recordTexts.lastNameRequired,
          recordTexts.emailRequired,
          recordTexts.handleRequired,
          recordTexts.organisationRequired,
          recordTexts.userRoleRequired,
        ],
      },
      ...userFieldCases(NEW_USER),
      {
        name: 'an email over 1024',
        payload: { ...NEW_USER, email: `${longText(1020)}@x.io` },
        messages: [recordTexts.emailInvalid],
      },
      {
        name: 'a taken email',
        payload: { ...NEW_USER, email: DEMO_USERS.member.email.toUpperCase() },
        messages: [recordTexts.emailTaken],
      },
      {
        name: 'an unknown role',
        payload: { ...NEW_USER, userRole: 5 },
        messages: [recordTexts.userRoleRequired],
      },
      {
        name: 'a string tenantId',
        payload: { ...NEW_USER, tenantId: '1' },
        messages: ['tenantId must be a whole number.'],
      },
      ...[999_999, 2 ** 31, 2 ** 53 + 2].map((tenantId) => ({
        name: `the organisation ${tenantId}, of no record`,
        payload: { ...NEW_USER, tenantId },
        code: 404,
        messages: [recordTexts.organisationNotFound],
      })),
      {
        name: 'a password field',
        payload: { ...NEW_USER, password: 'Str0ng!pass' },
        messages: ['password is not an expected field.'],
      },
      {
        name: 'an isHost field',
        payload: { ...NEW_USER, isHost: true },
        messages: ['isHost is not an expected field.'],
      },
    ],
    [recordEndpoints.updateUser.path]: [
      {
        name: 'no body',
        messages: [
          'id is required.',
          recordTexts.firstNameRequired,
          recordTexts.lastNameRequired,
          'phone is required.',
          recordTexts.dateOfBirthRequired,
          recordTexts.handleRequired,
        ],
      },
      ...userFieldCases(USER_DETAILS),
      {
        name: 'a phone over 32',
        payload: { ...USER_DETAILS, phone: `+44${'1'.repeat(40)}` },
        messages: [recordTexts.phoneInvalid],
      },
      {
        name: 'a phone that is no number',
        payload: { ...USER_DETAILS, phone: 'call me maybe' },
        messages: [recordTexts.phoneInvalid],
      },
      {
        name: 'a phone with a line break',
        payload: { ...USER_DETAILS, phone: '+442079460018\r\n' },
        messages: [recordTexts.phoneInvalid],
      },
      {
        name: 'a date in another format',
        payload: { ...USER_DETAILS, dateOfBirth: '01/01/1990' },
        messages: [recordTexts.dateOfBirthInvalid],
      },
      {
        name: 'a date of no day',
        payload: { ...USER_DETAILS, dateOfBirth: '1990-02-31' },
        messages: [recordTexts.dateOfBirthInvalid],
      },
      {
        name: 'an email field',
        payload: { ...USER_DETAILS, email: 'other@example.org' },
        messages: ['email is not an expected field.'],
      },
      { name: 'id 0', payload: { ...USER_DETAILS, id: 0 }, messages: ['id is out of range.'] },
      {
        name: 'a string id',
        payload: { ...USER_DETAILS, id: '2' },
        messages: ['id must be a whole number.'],
      },
      ...idsPastTheColumn(
        { firstName: 'A', lastName: 'B', phone: '', dateOfBirth: '1990-01-01', handle: 'abcd' },
        USER_NOT_FOUND,
      ),
    ],
    [recordEndpoints.upsertUser.path]: [
      {
        name: 'no body',
        messages: [
          recordTexts.firstNameRequired,
          recordTexts.lastNameRequired,
          recordTexts.handleRequired,
        ],
      },
      ...userFieldCases(NEW_USER),
      {
        name: 'no email, organisation or role to create with',
        payload: { firstName: 'A', lastName: 'B', handle: 'abcd_efg' },
        messages: [
          recordTexts.emailRequired,
          recordTexts.organisationRequired,
          recordTexts.userRoleRequired,
        ],
      },
      {
        name: 'no date of birth to update with',
        payload: { id: 2, firstName: 'A', lastName: 'B', handle: 'marcus_reed' },
        messages: [recordTexts.dateOfBirthRequired],
      },
      ...idsPastTheColumn(
        { firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', handle: 'abcd' },
        USER_NOT_FOUND,
      ),
    ],
    [recordEndpoints.createTenant.path]: [
      {
        name: 'no body',
        messages: [
          orgTexts.nameRequired,
          recordTexts.accountTypeRequired,
          recordTexts.ownerRequired,
        ],
      },
      {
        name: 'a name over 1024',
        payload: { name: longText(1025), accountType: 'Charity', ownerUserId: 2 },
        messages: [orgTexts.tooLong],
      },
      {
        name: 'a name with a line feed',
        payload: { name: 'Tide\nTable', accountType: 'Charity', ownerUserId: 2 },
        messages: [orgTexts.nameRequired],
      },
      {
        name: 'a Company account',
        payload: { name: 'X', accountType: 'Company', ownerUserId: 2 },
        messages: [recordTexts.accountTypeRequired],
      },
      {
        name: 'a string owner',
        payload: { name: 'X', accountType: 'Charity', ownerUserId: '2' },
        messages: ['ownerUserId must be a whole number.'],
      },
      ...[999_999, 2 ** 31, 2 ** 53 + 2].map((ownerUserId) => ({
        name: `the owner ${ownerUserId}, of no record`,
        payload: { name: 'X', accountType: 'Charity', ownerUserId },
        code: 404,
        messages: [recordTexts.ownerNotFound],
      })),
    ],
    [recordEndpoints.updateTenant.path]: [
      {
        name: 'a bad email',
        payload: { ...ORGANISATION_DETAILS, email: 'x' },
        messages: [orgTexts.emailInvalid],
      },
      {
        name: 'an empty contact name',
        payload: { ...ORGANISATION_DETAILS, contactName: '' },
        messages: [orgTexts.contactNameRequired],
      },
      {
        name: 'a company number over 64',
        payload: { ...ORGANISATION_DETAILS, companyNumber: longText(65) },
        messages: [orgTexts.numberTooLong],
      },
      {
        name: 'a website that is no URL',
        payload: { ...ORGANISATION_DETAILS, website: 'javascript:alert(1)' },
        messages: [orgTexts.websiteInvalid],
      },
      {
        name: 'a logo field',
        payload: { ...ORGANISATION_DETAILS, logoId: 'abc' },
        messages: ['logoId is not an expected field.'],
      },
      ...tenantDetailCases(),
    ],
    [recordEndpoints.upsertTenant.path]: [
      {
        name: 'no owner or account type to create with',
        payload: { name: 'X' },
        messages: [recordTexts.accountTypeRequired, recordTexts.ownerRequired],
      },
      {
        name: 'no contact details to update with',
        payload: { id: 1, name: 'X' },
        messages: [
          orgTexts.emailRequired,
          orgTexts.contactNameRequired,
          orgTexts.contactPhoneRequired,
        ],
      },
      ...tenantDetailCases(),
    ],
  };
}

const routeCases: Record<string, Case[]> = {
  [apiPaths.login]: [
    { name: 'no body', messages: ['email is required.', 'password is required.'] },
    {
      name: 'missing password',
      payload: { email: DEMO_USERS.owner.email },
      messages: ['password is required.'],
    },
    {
      name: 'empty email',
      payload: { email: '', password: 'x' },
      messages: ['email is required.'],
    },
    {
      name: 'numeric email',
      payload: { email: 42, password: 'x' },
      messages: ['email must be text.'],
    },
    {
      name: 'short email',
      payload: { email: 'a@b', password: 'x' },
      messages: ['email must be between 4 and 1024 characters long.'],
    },
    {
      name: 'email over 1024',
      payload: { email: `${longText(1020)}@x.io`, password: 'x' },
      messages: ['email must be between 4 and 1024 characters long.'],
    },
    {
      name: 'password over 1024',
      payload: { email: 'x@y.io', password: longText(1025) },
      messages: ['password must be between 1 and 1024 characters long.'],
    },
    {
      name: 'a NUL character in the email',
      payload: { email: 'owner\u0000@example.com', password: 'x' },
      messages: ['email contains characters that are not allowed.'],
    },
    {
      name: 'array password',
      payload: { email: 'x@y.io', password: ['x'] },
      messages: ['password must be text.'],
    },
    {
      name: 'an extra field',
      payload: { email: 'x@y.io', password: 'x', admin: true },
      messages: ['admin is not an expected field.'],
    },
  ],
  [apiPaths.refreshToken]: [
    {
      name: 'string switchToCurrent',
      payload: { switchToCurrent: 'yes' },
      messages: ['switchToCurrent must be true or false.'],
    },
  ],
  [apiPaths.revokeToken]: [],
  [apiPaths.switchTenant]: [
    { name: 'no body', messages: ['id is required.'] },
    { name: 'string id', payload: { id: '1' }, messages: ['id must be a whole number.'] },
    { name: 'fractional id', payload: { id: 1.5 }, messages: ['id must be a whole number.'] },
    ...idsPastTheColumn(),
  ],
  [apiPaths.impersonate]: [
    { name: 'no body', messages: ['userId is required.'] },
    {
      name: 'string userId',
      payload: { userId: '1' },
      messages: ['userId must be a whole number.'],
    },
    {
      name: 'fractional userId',
      payload: { userId: 1.5 },
      messages: ['userId must be a whole number.'],
    },
    {
      name: 'an extra field',
      payload: { userId: 2, tenantId: 1 },
      messages: ['tenantId is not an expected field.'],
    },
    ...[2 ** 31, 2 ** 53 + 2].map((userId) => ({
      name: `the userId ${userId}, past any stored id`,
      payload: { userId },
      code: 404,
      messages: ['User not found.'],
    })),
  ],
  [apiPaths.stopImpersonating]: [
    {
      name: 'an own session (not impersonating)',
      payload: {},
      messages: ['You are not impersonating a user.'],
    },
    { name: 'a field', payload: { userId: 2 }, messages: ['userId is not an expected field.'] },
  ],
  [apiPaths.listTenants]: hostListCases(),
  [apiPaths.listAllUsers]: hostListCases(),
  [apiPaths.setTenantEnabled]: flagCases(),
  [apiPaths.setTenantSendingEmailsEnabled]: flagCases(),
  [apiPaths.setIsTrialing]: [
    ...idsPastTheColumn({ value: true }),
    { name: 'no value', payload: { id: 1 }, messages: ['value is required.'] },
    {
      name: 'string value',
      payload: { id: 1, value: 'true' },
      messages: ['value must be true or false.'],
    },
    {
      name: 'numeric date',
      payload: { id: 1, value: true, trialEndDate: 5 },
      messages: ['trialEndDate must be text.'],
    },
    {
      name: 'unparseable date',
      payload: { id: 1, value: true, trialEndDate: 'next week' },
      messages: ['trialEndDate must be an ISO 8601 date, e.g. 2026-12-31T00:00:00Z.'],
    },
    {
      name: 'oversized date',
      payload: { id: 1, value: true, trialEndDate: `2026-01-01${longText(5000)}` },
      messages: ['trialEndDate must be an ISO 8601 date, e.g. 2026-12-31T00:00:00Z.'],
    },
  ],
  [apiPaths.setCancelAtPeriodEnd]: [
    ...idsPastTheColumn({ value: false }),
    { name: 'missing id', payload: { value: true }, messages: ['id is required.'] },
    {
      name: 'impossible date',
      payload: { id: 1, value: true, currentPeriodEndDate: '2026-13-45' },
      messages: ['currentPeriodEndDate must be an ISO 8601 date, e.g. 2026-12-31T00:00:00Z.'],
    },
  ],
  [organisationEndpoints.new.path]: [
    {
      name: 'no body',
      messages: [
        orgTexts.nameRequired,
        orgTexts.emailRequired,
        orgTexts.contactNameRequired,
        orgTexts.contactPhoneRequired,
      ],
    },
    {
      name: 'a blank name and a bad email',
      payload: { ...NEW_ORGANISATION, name: '  ', email: 'nope' },
      messages: [orgTexts.nameRequired, orgTexts.emailInvalid],
    },
    {
      name: 'a name too long',
      payload: { ...NEW_ORGANISATION, name: longText(1025) },
      messages: [orgTexts.tooLong],
    },
    {
      name: 'a numeric phone',
      payload: { ...NEW_ORGANISATION, contactPhone: 447700900123 },
      messages: ['contactPhone must be text.'],
    },
    {
      name: 'an unknown logo upload',
      payload: { ...NEW_ORGANISATION, logoId: 'no-such-upload' },
      messages: [orgTexts.logoNotUsable],
    },
    {
      name: 'an extra field',
      payload: { ...NEW_ORGANISATION, ownerId: 2 },
      messages: ['ownerId is not an expected field.'],
    },
  ],
  [organisationEndpoints.updateDetails.path]: [
    {
      name: 'no body',
      messages: [
        'id is required.',
        orgTexts.nameRequired,
        'companyNumber is required.',
        'vatNumber is required.',
        orgTexts.emailRequired,
        orgTexts.contactNameRequired,
        orgTexts.contactPhoneRequired,
        'website is required.',
      ],
    },
    {
      name: 'a bad website and a long VAT number',
      payload: { ...ORGANISATION_DETAILS, website: 'javascript:alert(1)', vatNumber: longText(65) },
      messages: [orgTexts.numberTooLong, orgTexts.websiteInvalid],
    },
    {
      name: 'a string removeLogo',
      payload: { ...ORGANISATION_DETAILS, removeLogo: 'yes' },
      messages: ['removeLogo must be true or false.'],
    },
    {
      name: 'an unknown logo upload',
      payload: { ...ORGANISATION_DETAILS, logoId: 'no-such-upload' },
      messages: [orgTexts.logoNotUsable],
    },
    ...idsPastTheColumn(ORGANISATION_DETAILS, {
      code: 403,
      message: NO_TENANT_ACCESS,
      what: 'not the current organisation',
    }),
  ],
  [apiPaths.setIsOnboarding]: [
    { name: 'no body', messages: ['id is required.', 'value is required.'] },
    {
      name: 'string id',
      payload: { id: '1', value: false },
      messages: ['id must be a whole number.'],
    },
    {
      name: 'string value',
      payload: { id: 1, value: 'false' },
      messages: ['value must be true or false.'],
    },
    ...idsPastTheColumn({ value: false }, { code: 403, message: NO_TENANT_ACCESS }),
  ],
  [apiPaths.confirmAvatarFileUpload]: [
    {
      name: 'no body',
      messages: [
        'id is required.',
        avatarTexts.uploadNotUsable,
        'fileStorageOriginalName is required.',
      ],
    },
    {
      name: 'an empty upload id',
      payload: { id: 2, fileStorageId: '', fileStorageOriginalName: 'me.png' },
      messages: [avatarTexts.uploadNotUsable],
    },
    {
      name: 'an upload id over 64',
      payload: { id: 2, fileStorageId: longText(65), fileStorageOriginalName: 'me.png' },
      messages: ['fileStorageId must be between 1 and 64 characters long.'],
    },
    {
      name: 'a numeric upload id',
      payload: { id: 2, fileStorageId: 5, fileStorageOriginalName: 'me.png' },
      messages: ['fileStorageId must be text.'],
    },
    {
      name: 'a file name over 255',
      payload: { id: 2, fileStorageId: 'abc', fileStorageOriginalName: longText(256) },
      messages: ['fileStorageOriginalName must be between 0 and 255 characters long.'],
    },
    {
      name: 'id 0',
      payload: { id: 0, fileStorageId: 'abc', fileStorageOriginalName: '' },
      messages: ['id is out of range.'],
    },
    {
      name: 'a user id past any stored id',
      payload: { id: 2 ** 31, fileStorageId: 'abc', fileStorageOriginalName: '' },
      code: 403,
      messages: [avatarTexts.notYours],
    },
  ],
  ...identityCases(),
  ...accountCases(),
  ...teamCases(),
  // The reference lists (issue 19): a host's writes with bad payloads or impossible requests.
  ...referenceListCases(),
  ...recordCases(),
};

async function tokenCount(): Promise<number> {
  const [row] = await handle.db.select({ total: count() }).from(refreshTokens);
  return row?.total ?? 0;
}

/** Rows that identity calls would write: users, keys, verification codes and outbox mails. */
async function identityRows() {
  return Promise.all(
    [users, accountKeys, emailVerificationCodes, devOutboxMails].map(async (table) => {
      const [row] = await handle.db.select({ total: count() }).from(table);
      return row?.total ?? 0;
    }),
  );
}

/** Every row of the reference lists: a refused write changes none. */
async function referenceListRows() {
  return Promise.all([
    handle.db.select().from(countries).orderBy(countries.id),
    handle.db.select().from(currencies).orderBy(currencies.id),
    handle.db.select().from(topics).orderBy(topics.id),
  ]);
}

/** Every user's picture: a refused avatar call changes none. */
async function avatarRows() {
  return handle.db
    .select({
      id: users.id,
      type: users.avatarType,
      url: users.avatarUrl,
      file: users.avatarFileId,
    })
    .from(users)
    .orderBy(users.id);
}

/** Every user's account settings: a refused account call changes none. */
async function accountRows() {
  return handle.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      handle: users.handle,
      email: users.email,
      pendingEmail: users.pendingEmail,
      help: users.consentToHelpEmails,
      marketing: users.consentToMarketingEmails,
      colour: users.annotationColor,
      password: users.passwordHash,
    })
    .from(users)
    .orderBy(users.id);
}

async function tenantStatusRows() {
  return handle.db.select().from(tenants).orderBy(tenants.id);
}

/** Every invitation, its keys and every membership: a refused team call changes none. */
async function teamRows() {
  return Promise.all([
    handle.db.select().from(userInvitations).orderBy(userInvitations.id),
    handle.db.select().from(userInvitationKeys).orderBy(userInvitationKeys.keyHash),
    handle.db.select().from(tenantUsers).orderBy(tenantUsers.tenantId, tenantUsers.userId),
  ]);
}

describe.each(Object.entries(routeCases))('POST /api/%s with bad input', (path, cases) => {
  const all = [...cases, ...transportCases];

  it.each(all)('answers $name with a 4xx envelope and writes nothing', async (item) => {
    const payload = {
      ...item,
      payload: item.payload !== undefined ? withTenant(item.payload) : undefined,
    };
    const tokensBefore = await tokenCount();
    const tenantsBefore = await tenantStatusRows();
    const identityBefore = await identityRows();
    const avatarsBefore = await avatarRows();
    const accountsBefore = await accountRows();
    const teamBefore = await teamRows();
    const listsBefore = await referenceListRows();
    const response = await post(path, payload);
    expect(response.statusCode).toBe(item.code ?? 400);
    const body = envelopeOf(response);
    expect(body.status).toBe(ResponseStatus.Error);
    expect(body.data).toBeNull();
    expect(body.messages.length).toBeGreaterThan(0);
    if (item.messages !== undefined) expect(body.messages).toEqual(item.messages);
    expect(await tokenCount()).toBe(tokensBefore);
    expect(await tenantStatusRows()).toEqual(tenantsBefore);
    expect(await identityRows()).toEqual(identityBefore);
    expect(await avatarRows()).toEqual(avatarsBefore);
    expect(await accountRows()).toEqual(accountsBefore);
    expect(await teamRows()).toEqual(teamBefore);
    expect(await referenceListRows()).toEqual(listsBefore);
  });
});

/** A GET or DELETE call's bad query string (the payload of those calls). */
interface QueryCase {
  name: string;
  /** The raw query string, without '?'. */
  query: string;
  messages: string[];
  code?: number;
}

const idQueryCases: QueryCase[] = [
  { name: 'no id', query: '', messages: ['id is required.'] },
  { name: 'an empty id', query: 'id=', messages: ['id is required.'] },
  { name: 'a word for an id', query: 'id=abc', messages: ['id must be a whole number.'] },
  { name: 'id 0', query: 'id=0', messages: ['id is out of range.'] },
  { name: 'a negative id', query: 'id=-3', messages: ['id is out of range.'] },
  { name: 'a fractional id', query: 'id=1.5', messages: ['id must be a whole number.'] },
  { name: 'an id in exponent form', query: 'id=1e3', messages: ['id must be a whole number.'] },
  { name: 'two ids', query: 'id=2&id=3', messages: ['id must be a whole number.'] },
  ...['2147483648', '9007199254740993', '9999999999999999'].map((id) => ({
    name: `the id ${id}, past any stored id`,
    query: `id=${id}`,
    code: 404,
    messages: [teamTexts.notInThisOrganisation],
  })),
  {
    name: "another organisation's id",
    query: 'id=2&tenantId=2',
    messages: ['tenantId is not an expected field.'],
  },
];

const guidQueryCases: QueryCase[] = [
  { name: 'no guid', query: '', messages: ['guid is required.'] },
  {
    name: 'a guid over 64',
    query: `guid=${longText(65)}`,
    messages: ['guid must be between 1 and 64 characters long.'],
  },
  { name: 'two guids', query: 'guid=a&guid=b', messages: ['guid must be text.'] },
  {
    name: 'a guid of no invitation',
    query: 'guid=00000000-0000-0000-0000-000000000000',
    code: 404,
    messages: [teamTexts.notInThisOrganisation],
  },
  {
    name: 'markup for a guid',
    query: `guid=${encodeURIComponent(SCRIPT)}`,
    code: 404,
    messages: [teamTexts.notInThisOrganisation],
  },
];

/** A reference list's GET get and DELETE delete: the id's rules, then an unknown id. */
const referenceIdCases = (notFound: string): QueryCase[] => [
  ...withNotFound(idQueryCases.slice(0, 11), notFound),
  { name: 'an id past any row', query: 'id=999999', code: 404, messages: [notFound] },
];

/** The id and guid query cases with another refusal for a record that does not exist. */
const withNotFound = (cases: QueryCase[], message: string): QueryCase[] =>
  cases.map((item) => (item.code === 404 ? { ...item, messages: [message] } : item));

const queryRoutes: [string, 'GET' | 'DELETE', QueryCase[]][] = [
  [countryEndpoints.get.path, 'GET', referenceIdCases(refTexts.countries.notFound)],
  [countryEndpoints.delete.path, 'DELETE', referenceIdCases(refTexts.countries.notFound)],
  [currencyEndpoints.get.path, 'GET', referenceIdCases(refTexts.currencies.notFound)],
  [currencyEndpoints.delete.path, 'DELETE', referenceIdCases(refTexts.currencies.notFound)],
  [topicMaintenanceEndpoints.get.path, 'GET', referenceIdCases(refTexts.topics.notFound)],
  [topicMaintenanceEndpoints.delete.path, 'DELETE', referenceIdCases(refTexts.topics.notFound)],
  [recordEndpoints.deleteUser.path, 'DELETE', withNotFound(idQueryCases, recordTexts.userNotFound)],
  [
    recordEndpoints.deleteUserByGuid.path,
    'DELETE',
    withNotFound(guidQueryCases, recordTexts.userNotFound),
  ],
  [
    recordEndpoints.getUserByGuid.path,
    'GET',
    withNotFound(guidQueryCases, recordTexts.userNotFound),
  ],
  [
    recordEndpoints.deleteTenant.path,
    'DELETE',
    withNotFound(idQueryCases, recordTexts.organisationNotFound),
  ],
  [
    recordEndpoints.deleteTenantByGuid.path,
    'DELETE',
    withNotFound(guidQueryCases, recordTexts.organisationNotFound),
  ],
  [
    recordEndpoints.getTenantByGuid.path,
    'GET',
    withNotFound(guidQueryCases, recordTexts.organisationNotFound),
  ],
  [teamEndpoints.deleteUser.path, 'DELETE', idQueryCases],
  [teamEndpoints.getInvitation.path, 'GET', idQueryCases],
  [teamEndpoints.deleteInvitation.path, 'DELETE', idQueryCases],
  [teamEndpoints.getInvitationByGuid.path, 'GET', guidQueryCases],
  [teamEndpoints.deleteInvitationByGuid.path, 'DELETE', guidQueryCases],
  [
    teamEndpoints.getUserByInvitationKey.path,
    'GET',
    [
      { name: 'no key', query: '', messages: [teamTexts.keyInvalid] },
      { name: 'an empty key', query: 'key=', messages: [teamTexts.keyInvalid] },
      { name: 'a key over 256', query: `key=${longText(257)}`, messages: [teamTexts.keyInvalid] },
      { name: 'two keys', query: 'key=a&key=b', messages: ['key must be text.'] },
      {
        name: 'a key of no invitation',
        query: `key=${'k'.repeat(43)}`,
        code: 404,
        messages: [teamTexts.unknownInvitationKey],
      },
    ],
  ],
];

describe.each(queryRoutes)('/api/%s (%s) with a bad query', (path, method, cases) => {
  it.each(cases)('answers $name with a 4xx envelope and changes nothing', async (item) => {
    const teamBefore = await teamRows();
    const accountsBefore = await accountRows();
    const tokensBefore = await tokenCount();
    const response = await test.app.inject({
      method,
      url: `${api(path)}${item.query === '' ? '' : `?${item.query}`}`,
      headers: bearer(host.jwtToken),
    });
    expect(response.statusCode, response.body).toBe(item.code ?? 400);
    const body = envelopeOf(response);
    expect(body.status).toBe(ResponseStatus.Error);
    expect(body.data).toBeNull();
    expect(body.messages).toEqual(item.messages);
    expect(await teamRows()).toEqual(teamBefore);
    expect(await accountRows()).toEqual(accountsBefore);
    expect(await tokenCount()).toBe(tokensBefore);
  });
});

/** Host payloads address the seeded tenant, so a partial write would be visible. */
function withTenant(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('id' in payload) || payload.id !== 1)
    return payload;
  return { ...payload, id: tenantId };
}

describe('a bad trial date', () => {
  it('leaves isTrialing unchanged (no partial write)', async () => {
    const response = await post(apiPaths.setIsTrialing, {
      name: 'bad date',
      payload: { id: tenantId, value: true, trialEndDate: 'soon' },
    });
    expect(response.statusCode).toBe(400);
    const status = await test.app.inject({
      method: 'GET',
      url: api(apiPaths.getCurrentTenantStatus),
      headers: bearer(host.jwtToken),
    });
    expect((envelopeOf(status).data as TenantStatus).isTrialing).toBe(false);
  });
});

describe('an empty JSON body', () => {
  // The empty revoke below ends the host's session (the refresh cookie is the host's).
  afterAll(async () => {
    host = await login(test.app, DEMO_USERS.owner.email);
  });

  it('is read as no payload', async () => {
    const revoke = await post(apiPaths.revokeToken, { name: 'empty', body: '' });
    expect(revoke.statusCode).toBe(200);
    const loginResponse = await post(apiPaths.login, { name: 'empty', body: '' });
    expect(loginResponse.statusCode).toBe(400);
    expect(envelopeOf(loginResponse).messages).toEqual([
      'email is required.',
      'password is required.',
    ]);
  });

  it('still lets the right credentials in after bad attempts', async () => {
    const response = await post(apiPaths.login, {
      name: 'ok',
      payload: { email: DEMO_USERS.member.email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});

/**
 * The shared id rule (issue 31): every id an endpoint reads is a whole number from 1 to 2^31 - 1
 * (server/db/recordIds.ts), and one past the integer column names no record. Each endpoint's id
 * fields are found in its request struct, so an endpoint added later is swept too; the other
 * fields get plain values so the id reaches the code that looks it up. Whatever the refusal (400
 * for a malformed id, the endpoint's 403 or 404 otherwise), never a 500.
 */
interface StructShape {
  type: string;
  schema: unknown;
}
const isIdField = (key: string) => key === 'id' || key.endsWith('Id');

function fieldsOf(endpoint: AnyEndpoint): Record<string, StructShape> {
  const struct = endpoint.request as unknown as StructShape;
  return struct.type === 'object' && typeof struct.schema === 'object' && struct.schema !== null
    ? (struct.schema as Record<string, StructShape>)
    : {};
}

/** A plain value of a field's type (the sweep only needs the payload to get past the struct). */
function plainValue(key: string, field: StructShape): unknown {
  if (field.type === 'boolean') return true;
  if (field.type === 'integer' || field.type === 'number') return 1;
  if (field.type === 'array') return [];
  if (field.type !== 'string') return undefined;
  const lower = key.toLowerCase();
  if (lower.includes('email')) return 'sweep@example.com';
  if (lower.includes('phone')) return '+447700900123';
  return 'Sweep';
}

const idSweep = allEndpoints
  .filter((endpoint) => !endpoint.path.startsWith('dev/'))
  .flatMap((endpoint) =>
    Object.entries(fieldsOf(endpoint))
      .filter(([key, field]) => isIdField(key) && field.type === 'integer')
      .flatMap(([key]) =>
        ['2147483648', '-1', '1e300', '1.5'].map((value) => ({ endpoint, key, value })),
      ),
  );

describe('every id an endpoint reads', () => {
  it('finds the id-taking endpoints', () => {
    expect(new Set(idSweep.map(({ endpoint }) => endpoint.path)).size).toBeGreaterThan(50);
  });

  it.each(idSweep.map((row) => [row.endpoint.method, row.endpoint.path, row.key, row.value, row]))(
    '%s %s with %s=%s answers a 4xx envelope',
    async (_method, _path, _key, _value, { endpoint, key, value }) => {
      const query = endpoint.method === 'GET' || endpoint.method === 'DELETE';
      const payload = Object.fromEntries(
        Object.entries(fieldsOf(endpoint)).map(([name, field]) => [name, plainValue(name, field)]),
      );
      const response = await test.app.inject({
        method: endpoint.method,
        url: query ? `${api(endpoint.path)}?${key}=${value}` : api(endpoint.path),
        headers: bearer(host.jwtToken),
        ...(query ? {} : { payload: { ...payload, [key]: Number(value) } }),
      });
      expect([400, 403, 404], response.body).toContain(response.statusCode);
      expect(envelopeOf(response).status).toBe(ResponseStatus.Error);
    },
  );

  it('refuses chosen topic ids past the column as unknown topics', async () => {
    const response = await post(topicEndpoints.updateUserTopics.path, {
      name: 'topic ids past the column',
      payload: { userId: host.claims.id, topicIds: [1, 2, 2 ** 31] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(envelopeOf(response).messages).toEqual([topicTexts.unknown]);
  });
});
