import type { FastifyPluginAsync } from 'fastify';
import { avatarEndpoints as endpoints } from '../../../contract/endpoints/avatars';
import { answer } from '../../http/route';
import { confirmAvatarFileUpload, deleteAvatarFile, type AvatarsContext } from './domain';

export interface AvatarRouteDeps {
  avatars: AvatarsContext;
}

/** A person's picture (spec §7.2 Users confirmAvatarFileUpload, deleteAvatarFile). */
export function avatarRoutes(deps: AvatarRouteDeps): FastifyPluginAsync {
  const { avatars } = deps;
  return async (app) => {
    answer(app, endpoints.confirmAvatarFileUpload, (payload, scope) =>
      confirmAvatarFileUpload(avatars, scope, payload),
    );
    answer(app, endpoints.deleteAvatarFile, (payload, scope) =>
      deleteAvatarFile(avatars, scope, payload),
    );
  };
}
