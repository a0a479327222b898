/**
 * GET {API}/health: the database's state for load balancers and supervisors. It probes the
 * database now: 200 with `{ status: 'ok' }`, or 503 with `{ status: 'unavailable' }` and a
 * message. A failed probe counts towards the monitor's "unusable" verdict.
 */
import type { FastifyPluginAsync } from 'fastify';
import { healthEndpoints } from '../../../contract/endpoints/health';
import { ResponseStatus } from '../../../contract/enums';
import type { DatabaseMonitor, DatabaseState } from '../../db/health';
import { envelope, ok } from '../../http/envelope';
import { DATABASE_UNAVAILABLE } from '../../http/errors';
import { route } from '../../http/route';

export interface Health {
  status: DatabaseState;
}

export function healthRoutes(monitor: Pick<DatabaseMonitor, 'check'>): FastifyPluginAsync {
  return async (app) => {
    route(app, healthEndpoints.health, async ({ reply }) => {
      const status = await monitor.check();
      if (status === 'ok') return ok<Health>({ status });
      reply.code(503);
      return envelope<Health>(ResponseStatus.Error, { status }, [DATABASE_UNAVAILABLE]);
    });
  };
}
