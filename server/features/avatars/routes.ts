import type { FastifyPluginAsync } from 'fastify';
import { avatarEndpoints as endpoints } from '../../../contract/endpoints/avatars';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { confirmAvatarFileUpload, deleteAvatarFile, type AvatarsContext } from './domain';

export interface AvatarRouteDeps {
  avatars: AvatarsContext;
}

/** A person's picture (spec §7.2 Users confirmAvatarFileUpload, deleteAvatarFile). */
export function avatarRoutes(deps: AvatarRouteDeps): FastifyPluginAsync {
  const { avatars } = deps;
  return async (app) => {
    route(app, endpoints.confirmAvatarFileUpload, async ({ payload, scope }) =>
      ok(await confirmAvatarFileUpload(avatars, scope, payload)),
    );
    route(app, endpoints.deleteAvatarFile, async ({ payload, scope }) =>
      ok(await deleteAvatarFile(avatars, scope, payload)),
    );
  };
}
