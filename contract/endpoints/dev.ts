/**
 * The development stand-ins' calls (never in production): the mail outbox, an email-confirmation
 * trigger, and the third parties' stand-ins (captcha tokens, the sign-in consent). Their pages and
 * scripts (the outbox page, the consent page) are not calls and are registered apart.
 */
import {
  boolean,
  integer,
  literal,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import { Outbox } from '../devMail';
import { CAPTCHA_TOKEN_MAX, EMAIL_MAX, NAME_MAX, identityTexts, isValidEmail } from '../identity';
import { devStandInPaths } from '../paths';
import { PROVIDER_ID_MAX } from '../payments';
import { endpoint } from './define';

/** The actions a captcha token may be made for (reCAPTCHA's own rule). */
export const CAPTCHA_ACTION_PATTERN = /^[A-Za-z0-9_/]{1,100}$/;

const Email = refine(size(string(), 3, EMAIL_MAX), 'email', (value) => isValidEmail(value.trim()));
const Name = refine(size(string(), 1, NAME_MAX), 'name', (value) => value.trim() !== '');

export const devEndpoints = {
  /** GET dev/mail?to=: the outbox, newest first (optionally one recipient's). */
  outbox: endpoint({
    method: 'GET',
    path: 'dev/mail',
    request: object({ to: optional(size(string(), 1, EMAIL_MAX)) }),
    response: Outbox,
    auth: 'public',
  }),
  /** POST dev/sendEmailConfirmation {email}: mails an email-confirmation link. */
  sendEmailConfirmation: endpoint({
    method: 'POST',
    path: 'dev/sendEmailConfirmation',
    request: object({ email: Email }),
    response: object({ sent: literal(true) }),
    auth: 'public',
  }),
  /** POST dev/captcha/token {action}: a captcha token the server accepts for that action. */
  captchaToken: endpoint({
    method: 'POST',
    path: devStandInPaths.captchaToken,
    request: object({ action: pattern(string(), CAPTCHA_ACTION_PATTERN) }),
    response: object({ token: size(string(), 1, CAPTCHA_TOKEN_MAX) }),
    auth: 'public',
  }),
  /** POST dev/oauth/consent {email, firstName, lastName}: the consent's authorization code. */
  consent: endpoint({
    method: 'POST',
    path: devStandInPaths.consentPage,
    request: object({ email: Email, firstName: Name, lastName: Name }),
    response: object({ code: string() }),
    auth: 'public',
    messages: {
      email: { required: identityTexts.emailRequired, invalid: identityTexts.emailInvalid },
      firstName: {
        required: identityTexts.firstNameRequired,
        invalid: identityTexts.firstNameRequired,
      },
      lastName: {
        required: identityTexts.lastNameRequired,
        invalid: identityTexts.lastNameRequired,
      },
    },
  }),
  /**
   * POST dev/billing/advanceSubscription {subscriptionId}: the card payment stand-in moves the
   * subscription to its next period: a new paid invoice, or, when it was set to cancel at the
   * period's end, canceled. Answers the subscription as it now is.
   */
  advanceSubscription: endpoint({
    method: 'POST',
    path: devStandInPaths.billingAdvanceSubscription,
    request: object({ subscriptionId: size(string(), 1, PROVIDER_ID_MAX) }),
    response: object({
      subscriptionId: string(),
      status: string(),
      currentPeriodEndDate: string(),
      cancelAtPeriodEnd: boolean(),
      invoiceCount: integer(),
    }),
    auth: 'public',
  }),
} as const;
