import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeOf, PASSWORD, uniqueSuffix, waitForMail } from './support';

export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
  handle: string;
  password: string;
  dateOfBirth: string;
}

export function newPerson(firstName = 'Ada', lastName = 'Lovelace'): NewPerson {
  const suffix = uniqueSuffix();
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${suffix}@example.org`,
    handle: `${firstName.toLowerCase()}_${suffix}`.slice(0, 20),
    password: PASSWORD,
    dateOfBirth: '1990-05-17',
  };
}

/** Requests a code for the address, reads it from the outbox and verifies it. */
export async function verifyEmail(page: Page, request: APIRequestContext, email: string) {
  const since = Date.now();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const mail = await waitForMail(request, email, 'verification code', since);
  await page.getByLabel('Verification code').fill(codeOf(mail));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
}

/** Fills every field of the signup form (not the company name) and verifies the email. */
export async function fillSignupForm(page: Page, request: APIRequestContext, person: NewPerson) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Date of birth').fill(person.dateOfBirth);
  await page.getByLabel('Profile name/handle').fill(person.handle);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await verifyEmail(page, request, person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByLabel('I accept the terms of service').check();
  await page.getByLabel('I accept the privacy policy').check();
}

/**
 * Creates an active account through the API, the way the signup screen does (verification code
 * from the outbox, the captcha stand-in's token), for tests that need an account of their own.
 */
export async function signUpViaApi(request: APIRequestContext, person: NewPerson): Promise<void> {
  const since = Date.now();
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api/${path}`, { data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: unknown }).data;
  };
  await post('auth/verifyAccount', { email: person.email, forSignup: true });
  const mail = await waitForMail(request, person.email, 'verification code', since);
  await post('auth/verifyAccountCode', { email: person.email, code: codeOf(mail) });
  const { token } = (await post('dev/captcha/token', { action: 'signup' })) as { token: string };
  await post('auth/signup', {
    firstName: person.firstName,
    lastName: person.lastName,
    companyName: `${person.firstName} ${person.lastName}`,
    phone: '',
    email: person.email,
    password: person.password,
    termsAccepted: true,
    privacyPolicyAccepted: true,
    consentToHelpEmails: false,
    consentToMarketingEmails: false,
    usingEmail: true,
    reCaptchaToken: token,
    tenantAccountType: 'Individual',
    dateOfBirth: person.dateOfBirth,
    handle: person.handle,
  });
}
