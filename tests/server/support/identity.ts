/**
 * Helpers for the identity tests: the development outbox, the stand-ins' captcha tokens and
 * consent codes, an email verified with a real code, and a valid signup payload.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OutboxMail } from '../../../contract/devMail';
import { DEV_MAIL_PATH } from '../../../contract/devMail';
import type { SignupRequest } from '../../../contract/identity';
import { devStandInPaths, linkRoutes } from '../../../contract/paths';
import { apiPaths } from './apiPaths';
import { api, envelopeOf } from './testServer';

/** How the e2e and these tests read a code and the links from a mail's text. */
export const CODE_PATTERN = /verification code is: (\d{6})/;
export const linkPattern = (route: string) =>
  new RegExp(`(https?://\\S+${route.replace(/\//g, '\\/')})([A-Za-z0-9_-]+)`);

export const STRONG_PASSWORD = 'Str0ng!pass';

export async function readOutbox(app: FastifyInstance, to?: string): Promise<OutboxMail[]> {
  const response = await app.inject({
    method: 'GET',
    url: DEV_MAIL_PATH,
    ...(to !== undefined ? { query: { to } } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode}`);
  return envelopeOf(response).data as OutboxMail[];
}

export async function latestMail(app: FastifyInstance, to: string): Promise<OutboxMail> {
  const [mail] = await readOutbox(app, to);
  if (mail === undefined) throw new Error(`no mail to ${to}`);
  return mail;
}

export function codeIn(mail: OutboxMail): string {
  const code = CODE_PATTERN.exec(mail.text)?.[1];
  if (code === undefined) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The link and the key of `route` in a mail. */
export function linkIn(mail: OutboxMail, route: string): { link: string; key: string } {
  const match = linkPattern(route).exec(mail.text);
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new Error(`no ${route} link in: ${mail.text}`);
  }
  return { link: `${match[1]}${match[2]}`, key: match[2] };
}

export const keyFromMail = async (app: FastifyInstance, to: string, route: string) =>
  linkIn(await latestMail(app, to), route).key;

export function post(app: FastifyInstance, path: string, payload?: unknown, ip?: string) {
  return app.inject({
    method: 'POST',
    url: api(path),
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(ip !== undefined ? { remoteAddress: ip } : {}),
  });
}

export async function captchaToken(app: FastifyInstance, action = 'signup'): Promise<string> {
  const response = await post(app, devStandInPaths.captchaToken, { action });
  if (response.statusCode !== 200) throw new Error(`captcha token: ${response.body}`);
  return (envelopeOf(response).data as { token: string }).token;
}

export const sendCode = (app: FastifyInstance, email: string, forSignup = true, ip?: string) =>
  post(app, apiPaths.verifyAccount, { email, forSignup }, ip);

export const checkCode = (app: FastifyInstance, email: string, code: string, ip?: string) =>
  post(app, apiPaths.verifyAccountCode, { email, code }, ip);

/** Requests a code, reads it from the outbox and verifies it. */
export async function verifyEmail(app: FastifyInstance, email: string): Promise<void> {
  const sent = await sendCode(app, email);
  if (sent.statusCode !== 200) throw new Error(`verifyAccount: ${sent.body}`);
  const checked = await checkCode(app, email, codeIn(await latestMail(app, email)));
  if (checked.statusCode !== 200) throw new Error(`verifyAccountCode: ${checked.body}`);
}

/** 'yyyy-MM-dd' of `years` years before `from` (UTC calendar date of the local date). */
export function yearsAgo(from: Date, years: number, dayOffset = 0): string {
  const date = new Date(from.getFullYear() - years, from.getMonth(), from.getDate() + dayOffset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

let counter = 0;
/** A unique address and handle per call. */
export function uniquePerson(prefix = 'new') {
  counter += 1;
  const id = `${Date.now().toString(36).slice(-4)}${counter}`;
  return { email: `${prefix}.${id}@example.org`, handle: `${prefix}_${id}`.slice(0, 20) };
}

export function signupPayload(
  overrides: Partial<SignupRequest> & { email: string; handle: string; reCaptchaToken: string },
): SignupRequest {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: 'Ada Lovelace',
    phone: '+447911123456',
    password: STRONG_PASSWORD,
    termsAccepted: true,
    privacyPolicyAccepted: true,
    consentToHelpEmails: true,
    consentToMarketingEmails: false,
    usingEmail: true,
    tenantAccountType: 'Individual',
    dateOfBirth: '1990-05-17',
    ...overrides,
  };
}

export const messagesOf = (response: LightMyRequestResponse) => envelopeOf(response).messages;
export { linkRoutes };

/** A verified new address with a ready signup payload carrying `reCaptchaToken`. */
export async function readyToSignUpWith(
  app: FastifyInstance,
  reCaptchaToken: string,
  prefix = 'new',
): Promise<SignupRequest> {
  const person = uniquePerson(prefix);
  await verifyEmail(app, person.email);
  return signupPayload({ ...person, reCaptchaToken });
}
