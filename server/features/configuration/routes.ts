import type { FastifyPluginAsync } from 'fastify';
import type { Configuration } from '../../../contract/configuration';
import { CONFIGURATION_PATH } from '../../../contract/paths';
import type { ServerConfig } from '../../config';
import { ok } from '../../http/envelope';

/** `mediaServiceClientApiKey`: the configured key, or the one generated and kept in the database. */
export function toConfiguration(config: ServerConfig, mediaApiKey: string): Configuration {
  return {
    apiBaseUrl: config.apiBaseUrl,
    appClientVersion: config.appClientVersion,
    minimumPasswordLength: config.minimumPasswordLength,
    userInvitationExpiryLengthInDays: config.userInvitationExpiryDays,
    reCaptchaSiteKey: config.thirdParty.reCaptchaSiteKey,
    defaultFromEmailAddress: config.links.defaultFromEmailAddress,
    supportUrl: config.links.supportUrl,
    supportEmailAddress: config.links.supportEmailAddress,
    termsUrl: config.links.termsUrl,
    privacyPolicyUrl: config.links.privacyPolicyUrl,
    mediaServiceApiBaseUrl: config.thirdParty.mediaServiceApiBaseUrl,
    mediaServiceClientApiKey: mediaApiKey,
    sessionRecordingAppId: config.thirdParty.sessionRecordingAppId,
    tagManagerId: config.thirdParty.tagManagerId,
    googleClientId: config.thirdParty.googleClientId,
  };
}

/**
 * What GET /api/configuration answers: the configuration in an Ok envelope. The SPA's index.html
 * carries the same answer (server/http/indexPage.ts).
 */
export function configurationAnswerOf(config: ServerConfig, mediaApiKey: string) {
  return ok(toConfiguration(config, mediaApiKey));
}

export type ConfigurationAnswer = ReturnType<typeof configurationAnswerOf>;

/** GET /api/configuration (outside the API base, spec §7.2), answering `answer()`. */
export function configurationRoutes(
  answer: () => Promise<ConfigurationAnswer>,
): FastifyPluginAsync {
  return async (app) => {
    app.get(CONFIGURATION_PATH, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return answer();
    });
  };
}
