import type { FastifyPluginAsync } from 'fastify';
import { recordEndpoints as endpoints } from '../../../contract/endpoints/records';
import { ok } from '../../http/envelope';
import { answer, route } from '../../http/route';
import {
  createTenant,
  createUser,
  deleteTenant,
  deleteTenantByGuid,
  deleteUser,
  deleteUserByGuid,
  getTenantByGuid,
  getUserByGuid,
  getUserSignupData,
  updateTenant,
  updateUser,
  upsertTenant,
  upsertUser,
  type RecordsDeps,
} from './domain';

/** The generic record calls of spec §7.2 (users/... and tenants/...; issue 19). */
export function recordRoutes(deps: { records: RecordsDeps }): FastifyPluginAsync {
  const { records } = deps;
  return async (app) => {
    route(app, endpoints.createUser, async ({ payload }) => ok(await createUser(records, payload)));
    route(app, endpoints.updateUser, async ({ payload }) => ok(await updateUser(records, payload)));
    route(app, endpoints.upsertUser, async ({ payload }) => ok(await upsertUser(records, payload)));
    answer(app, endpoints.getUserByGuid, (payload, scope) =>
      getUserByGuid(records, scope, payload.guid),
    );
    answer(app, endpoints.getUserSignupData, (_payload, scope) =>
      getUserSignupData(records, scope),
    );
    answer(app, endpoints.deleteUser, (payload, scope) => deleteUser(records, scope, payload.id));
    answer(app, endpoints.deleteUserByGuid, (payload, scope) =>
      deleteUserByGuid(records, scope, payload.guid),
    );
    answer(app, endpoints.createTenant, (payload) => createTenant(records, payload));
    answer(app, endpoints.updateTenant, (payload) => updateTenant(records, payload));
    answer(app, endpoints.upsertTenant, (payload) => upsertTenant(records, payload));
    answer(app, endpoints.getTenantByGuid, (payload, scope) =>
      getTenantByGuid(records, scope, payload.guid),
    );
    answer(app, endpoints.deleteTenant, (payload, scope) =>
      deleteTenant(records, scope, payload.id),
    );
    answer(app, endpoints.deleteTenantByGuid, (payload, scope) =>
      deleteTenantByGuid(records, scope, payload.guid),
    );
  };
}
