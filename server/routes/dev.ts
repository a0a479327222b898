/**
 * Development-only routes, never registered when NODE_ENV=production:
 *
 * - the outbox: GET /api/dev/mail (envelope, data = mails newest first; `?to=` filters by
 *   recipient) and GET /api/dev/mail/page (HTML);
 * - POST /api/dev/sendEmailConfirmation {email}: mails an email-confirmation link;
 * - the third-party stand-ins under the API base, each only while its real key is not configured:
 *   POST {API}/dev/captcha/token {action} -> {token}; GET {API}/dev/oauth/consent?state=&origin=
 *   (the consent page), GET {API}/dev/oauth/consent.js (its script) and
 *   POST {API}/dev/oauth/consent {email, firstName, lastName} -> {code}.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { object, optional, pattern, refine, size, string } from 'superstruct';
import { DEV_MAIL_PATH } from '../../contract/devMail';
import { EMAIL_MAX, KEY_MAX, NAME_MAX, URL_MAX, isValidEmail } from '../../contract/identity';
import { devStandInPaths } from '../../contract/paths';
import { sendEmailConfirmation } from '../domain/activation';
import type { IdentityDeps } from '../domain/identityContext';
import { isAllowedOrigin } from '../domain/links';
import { ok } from '../http/envelope';
import { parsePayload } from '../http/validation';
import { listOutbox } from '../mail/outbox';
import { renderOutboxPage } from '../mail/outboxPage';
import { CAPTCHA_ACTION_PATTERN } from '../thirdParty/captcha';
import {
  CONSENT_SCRIPT,
  CONSENT_SCRIPT_NAME,
  renderConsentError,
  renderConsentPage,
} from '../thirdParty/devConsentPage';
import type { DevOAuthCodes } from '../thirdParty/devOAuthCodes';

const Email = refine(size(string(), 3, EMAIL_MAX), 'email', (value) => isValidEmail(value.trim()));
const Name = refine(size(string(), 1, NAME_MAX), 'name', (value) => value.trim() !== '');

const OutboxQuery = object({ to: optional(size(string(), 1, EMAIL_MAX)) });
const SendEmailConfirmationRequest = object({ email: Email });
const CaptchaTokenRequest = object({ action: pattern(string(), CAPTCHA_ACTION_PATTERN) });
const ConsentQuery = object({
  state: size(string(), 1, KEY_MAX),
  origin: size(string(), 1, URL_MAX),
});
const ConsentRequest = object({ email: Email, firstName: Name, lastName: Name });

const CONSENT_INVALID =
  'This page needs a state and the origin of an allowed site (SITE_URL, or a localhost address).';

const sendHtml = (reply: FastifyReply, html: string, code = 200) =>
  reply
    .code(code)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

/** The outbox and the email-confirmation trigger (absolute paths under /api/dev). */
export function devMailRoutes(identity: IdentityDeps): FastifyPluginAsync {
  const devBase = DEV_MAIL_PATH.slice(0, DEV_MAIL_PATH.lastIndexOf('/'));
  return async (app) => {
    app.get(DEV_MAIL_PATH, async (request, reply) => {
      const { to } = parsePayload(OutboxQuery, request.query);
      reply.header('cache-control', 'no-store');
      return ok(await listOutbox(identity.db, to));
    });

    app.get(`${DEV_MAIL_PATH}/page`, async (_request, reply) =>
      sendHtml(reply, renderOutboxPage(await listOutbox(identity.db))),
    );

    app.post(`${devBase}/sendEmailConfirmation`, async (request) => {
      const { email } = parsePayload(SendEmailConfirmationRequest, request.body);
      await sendEmailConfirmation(identity, email);
      return ok({ sent: true });
    });
  };
}

/** The captcha stand-in (registered under the API base). */
export function devCaptchaRoutes(identity: IdentityDeps): FastifyPluginAsync {
  return async (app) => {
    app.post(`/${devStandInPaths.captchaToken}`, async (request) => {
      const { action } = parsePayload(CaptchaTokenRequest, request.body);
      return ok({ token: await identity.captcha.issueStandInToken(action) });
    });
  };
}

/** The Google sign-in stand-in's consent page (registered under the API base). */
export function devConsentRoutes(identity: IdentityDeps, codes: DevOAuthCodes): FastifyPluginAsync {
  const page = `/${devStandInPaths.consentPage}`;
  const script = `${page.slice(0, page.lastIndexOf('/'))}/${CONSENT_SCRIPT_NAME}`;
  return async (app) => {
    app.get(page, async (request, reply) => {
      let query: { state: string; origin: string };
      try {
        query = parsePayload(ConsentQuery, request.query);
      } catch {
        return sendHtml(reply, renderConsentError(CONSENT_INVALID), 400);
      }
      if (!isAllowedOrigin(query.origin, identity.settings)) {
        return sendHtml(reply, renderConsentError(CONSENT_INVALID), 400);
      }
      return sendHtml(reply, renderConsentPage(query));
    });

    app.get(script, async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(CONSENT_SCRIPT),
    );

    app.post(page, async (request) => {
      const identityInput = parsePayload(ConsentRequest, request.body, {
        email: {
          required: 'Please enter an email address',
          invalid: 'Please enter a valid email address',
        },
        firstName: {
          required: 'Please enter your first name',
          invalid: 'Please enter your first name',
        },
        lastName: {
          required: 'Please enter your last name',
          invalid: 'Please enter your last name',
        },
      });
      return ok({ code: codes.issue(identityInput) });
    });
  };
}
