/**
 * One definition per API call (design §5, §6): the client calls `call(endpoint, payload)` and the
 * server registers `route(app, endpoint, handler)` from the same definition, so the method, the
 * path, the payload and answer structs, who may call it and the spec's field messages are written
 * once.
 */
import type { Struct } from 'superstruct';

/**
 * Who may call an endpoint:
 * - `public`: anyone (no bearer token needed; one sent is ignored);
 * - `user`: a signed-in user (a valid bearer token);
 * - `tenantAdmin`: a signed-in user who is an Administrator of their current organisation;
 * - `host`: a signed-in host user.
 */
export type AuthLevel = 'public' | 'user' | 'tenantAdmin' | 'host';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Friendlier messages for some fields of a payload (the spec's form texts), by field path
 * (`a.b` for nested fields): `required` when the field is missing or empty, `invalid` when it has
 * the right type but breaks a rule (a pattern, a refinement, a literal), `tooLong` when a
 * non-empty text breaks its length bounds. Other failures get a generic message.
 */
export type FieldMessages = Readonly<
  Record<string, { required?: string; invalid?: string; tooLong?: string }>
>;

/** Settings some messages depend on (they come from the server's configuration). */
export interface MessageSettings {
  minimumPasswordLength: number;
}

export interface Endpoint<Request = unknown, Data = unknown, Auth extends AuthLevel = AuthLevel> {
  method: HttpMethod;
  /** Relative to the configuration's apiBaseUrl, without a leading slash (spec §7.2). */
  path: string;
  /**
   * The payload: a JSON body for POST and PUT, the query string for GET and DELETE (where
   * numbers and booleans arrive as text and are read by the struct's field types).
   */
  request: Struct<Request, unknown>;
  /** The envelope's `data` of an answer. */
  response: Struct<Data, unknown>;
  auth: Auth;
  /**
   * Refused (403) to an impersonated session (auth/impersonate) whatever its level: calls that
   * only the real person may make (change the password, delete the account). Every `host` call
   * is refused to an impersonated session too, without this flag.
   */
  refusedWhileImpersonating?: true;
  /** The spec's field messages for a bad payload (4xx with these texts). */
  messages?: FieldMessages | ((settings: MessageSettings) => FieldMessages);
}

/**
 * Any endpoint, whatever its payload and answer (route lists, the registration test). A struct's
 * type appears in its refiner's parameter, so `Endpoint<Foo>` is not an `Endpoint<unknown>`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyEndpoint = Endpoint<any, any, AuthLevel>;

/** Defines an endpoint; the payload and answer types are read from the structs. */
export function endpoint<Request, Data, Auth extends AuthLevel>(
  definition: Endpoint<Request, Data, Auth>,
): Endpoint<Request, Data, Auth> {
  return definition;
}

/** The field messages of an endpoint for these settings. */
export function messagesOf(endpoint: AnyEndpoint, settings: MessageSettings): FieldMessages {
  const { messages } = endpoint;
  return typeof messages === 'function' ? messages(settings) : (messages ?? {});
}
