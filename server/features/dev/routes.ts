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
import { object, size, string } from 'superstruct';
import { devEndpoints } from '../../../contract/endpoints/dev';
import { KEY_MAX, URL_MAX } from '../../../contract/identity';
import { devStandInPaths } from '../../../contract/paths';
import { sendEmailConfirmation } from '../identity/activation';
import type { IdentityDeps } from '../identity/identityContext';
import { isAllowedOrigin } from '../identity/links';
import { ok } from '../../http/envelope';
import { answer, route } from '../../http/route';
import { parsePayload } from '../../http/validation';
import { listOutbox } from '../../mail/outbox';
import { renderOutboxPage } from '../../mail/outboxPage';
import {
  CONSENT_SCRIPT,
  CONSENT_SCRIPT_NAME,
  renderConsentError,
  renderConsentPage,
} from '../../thirdParty/devConsentPage';
import type { DevOAuthCodes } from '../../thirdParty/devOAuthCodes';

const ConsentQuery = object({
  state: size(string(), 1, KEY_MAX),
  origin: size(string(), 1, URL_MAX),
});

const CONSENT_INVALID =
  'This page needs a state and the origin of an allowed site (SITE_URL, or a localhost address).';

const sendHtml = (reply: FastifyReply, html: string, code = 200) =>
  reply
    .code(code)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

/** The outbox, its page and the email-confirmation trigger (registered under the API base). */
export function devMailRoutes(identity: IdentityDeps): FastifyPluginAsync {
  return async (app) => {
    answer(app, devEndpoints.outbox, (payload) => listOutbox(identity.db, payload.to));

    app.get(`/${devEndpoints.outbox.path}/page`, async (_request, reply) =>
      sendHtml(reply, renderOutboxPage(await listOutbox(identity.db))),
    );

    route(app, devEndpoints.sendEmailConfirmation, async ({ payload }) => {
      await sendEmailConfirmation(identity, payload.email);
      return ok({ sent: true as const });
    });
  };
}

/** The captcha stand-in (registered under the API base). */
export function devCaptchaRoutes(identity: IdentityDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, devEndpoints.captchaToken, async ({ payload }) =>
      ok({ token: await identity.captcha.issueStandInToken(payload.action) }),
    );
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

    route(app, devEndpoints.consent, async ({ payload }) => ok({ code: codes.issue(payload) }));
  };
}
