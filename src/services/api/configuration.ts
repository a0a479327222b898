/** GET /api/configuration (spec §7.2): not under the API base, no credentials, no token. */
import { array, literal, object, string, union } from 'superstruct';
import { Configuration } from '../../../contract/configuration';
import { ResponseStatus } from '../../../contract/enums';
import { CONFIGURATION_PATH } from '../../../contract/paths';
import type { HttpClient } from '../http';

/**
 * The configuration answer: the envelope `{status: Ok, messages, data: Configuration}` (spec
 * §7.1 "Responses carry status, messages and data") or a bare Configuration object. The
 * contract does not pin which, so both are accepted; anything else is an invalid response.
 */
const ConfigurationAnswer = union([
  object({ status: literal(ResponseStatus.Ok), messages: array(string()), data: Configuration }),
  Configuration,
]);

/**
 * Loads and validates the configuration from `<origin>/api/configuration`; throws ApiError
 * (kind 'http', 'invalid-response' or 'network') when it is missing or invalid.
 */
export async function fetchConfiguration(
  http: HttpClient,
  options: { signal?: AbortSignal } = {},
): Promise<Configuration> {
  const answer = await http.getJson(CONFIGURATION_PATH, ConfigurationAnswer, undefined, {
    ...options,
    anonymous: true,
  });
  return 'data' in answer ? answer.data : answer;
}
