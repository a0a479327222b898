/** The server's own calls: its health, for load balancers and supervisors. */
import { enums, object } from 'superstruct';
import { EmptyRequest } from './common';
import { endpoint } from './define';

export const databaseStates = ['ok', 'unavailable'] as const;

export const healthEndpoints = {
  /** GET health: the database's state (200 ok, or 503 unavailable with a message). */
  health: endpoint({
    method: 'GET',
    path: 'health',
    request: EmptyRequest,
    response: object({ status: enums(databaseStates) }),
    auth: 'public',
  }),
} as const;
