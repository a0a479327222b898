import type { FastifyPluginAsync } from 'fastify';
import { recordEndpoints as endpoints } from '../../../contract/endpoints/records';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
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
    route(app, endpoints.getUserByGuid, async ({ payload, scope }) =>
      ok(await getUserByGuid(records, scope, payload.guid)),
    );
    route(app, endpoints.getUserSignupData, async ({ scope }) =>
      ok(await getUserSignupData(records, scope)),
    );
    route(app, endpoints.deleteUser, async ({ payload, scope }) =>
      ok(await deleteUser(records, scope, payload.id)),
    );
    route(app, endpoints.deleteUserByGuid, async ({ payload, scope }) =>
      ok(await deleteUserByGuid(records, scope, payload.guid)),
    );
    route(app, endpoints.createTenant, async ({ payload }) =>
      ok(await createTenant(records, payload)),
    );
    route(app, endpoints.updateTenant, async ({ payload }) =>
      ok(await updateTenant(records, payload)),
    );
    route(app, endpoints.upsertTenant, async ({ payload }) =>
      ok(await upsertTenant(records, payload)),
    );
    route(app, endpoints.getTenantByGuid, async ({ payload, scope }) =>
      ok(await getTenantByGuid(records, scope, payload.guid)),
    );
    route(app, endpoints.deleteTenant, async ({ payload, scope }) =>
      ok(await deleteTenant(records, scope, payload.id)),
    );
    route(app, endpoints.deleteTenantByGuid, async ({ payload, scope }) =>
      ok(await deleteTenantByGuid(records, scope, payload.guid)),
    );
  };
}
