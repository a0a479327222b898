/** GET /api/configuration (spec §7.2): not under the API base, no credentials, no token. */
import { array, literal, object, string, union, validate } from 'superstruct';
import { Configuration } from '../../../contract/configuration';
import { ResponseStatus } from '../../../contract/enums';
import { CONFIGURATION_PATH, INLINE_CONFIGURATION_ID } from '../../../contract/paths';
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

const configurationOf = (answer: typeof ConfigurationAnswer.TYPE): Configuration =>
  'data' in answer ? answer.data : answer;

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
  return configurationOf(answer);
}

/** Where the page's copy of the configuration is looked for (the document, in the browser). */
export type ConfigurationPage = Pick<Document, 'getElementById'>;

/**
 * The copy of GET /api/configuration's answer that the server puts into index.html (a data block
 * `<script type="application/json" id="givedrop-configuration">`, server/http/indexPage.ts), when
 * the page has one and it is valid: parsed and validated exactly as the fetched answer. Null
 * otherwise (Vite's dev server serves the page without it).
 */
export function pageConfiguration(page: ConfigurationPage | undefined): Configuration | null {
  const text = page?.getElementById(INLINE_CONFIGURATION_ID)?.textContent;
  if (!text) return null;
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  const [error, answer] = validate(body, ConfigurationAnswer);
  return error === undefined ? configurationOf(answer) : null;
}

/**
 * The configuration (spec §7.2): the page's copy when it has a valid one, so that the first render
 * does not wait for a round trip; otherwise fetched from GET /api/configuration, as
 * {@link fetchConfiguration} does (and throws).
 */
export async function loadConfiguration(
  http: HttpClient,
  page: ConfigurationPage | undefined = globalThis.document,
  options: { signal?: AbortSignal } = {},
): Promise<Configuration> {
  return pageConfiguration(page) ?? fetchConfiguration(http, options);
}
