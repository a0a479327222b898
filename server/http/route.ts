/**
 * The route helper (design §6): every API call is registered with `route(app, endpoint, handler)`
 * from its definition in `contract/endpoints/`. Authentication, the endpoint's auth level, payload
 * parsing with the contract (a 400 with the spec's field messages) and the envelope are done here
 * once; the handler gets the parsed payload and, for any level but `public`, the caller's
 * {@link TenantScope}, which it passes to the domain. A download (a file, not an envelope) is
 * registered with `fileRoute(app, endpoint, handler)`, which shares all of that.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import {
  messagesOf,
  type AnyEndpoint,
  type AuthLevel,
  type Endpoint,
  type MessageSettings,
} from '../../contract/endpoints/define';
import type { TypedEnvelope } from '../../contract/envelope';
import type { Client } from '../domain/client';
import { checkImpersonation, type TenantScope } from '../domain/scope';
import { clientOf } from './addressLimits';
import { ok } from './envelope';
import type { Authenticate } from './authentication';
import { parsePayload } from './validation';

/** What the helper needs from the app: who is calling, and their scope at a level. */
export interface RouteAuth {
  authenticate: Authenticate;
  /**
   * The caller's scope at `level` (`user`, `tenantAdmin` or `host`): re-read from the database
   * where the level needs it, so a revoked role or host flag applies at once; throws a
   * 'forbidden' DomainError when the caller is not allowed.
   */
  scopeAt(principal: Awaited<ReturnType<Authenticate>>, level: AuthLevel): Promise<TenantScope>;
  messageSettings: MessageSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once by buildApp; read by {@link route}. */
    routeAuth: RouteAuth;
  }
  interface FastifyContextConfig {
    /** The endpoint a route was registered for (only through {@link route}). */
    endpoint?: AnyEndpoint;
  }
}

export interface RouteInput<Request, Auth extends AuthLevel> {
  payload: Request;
  /** The caller's scope; null for a public endpoint. */
  scope: Auth extends 'public' ? null : TenantScope;
  /** The client the request came from: its address and its per-address allowances. */
  client: Client;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<Request, Data, Auth extends AuthLevel> = (
  input: RouteInput<Request, Auth>,
) => Promise<TypedEnvelope<Data>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const NUMBER_TEXT = /^-?\d{1,16}(?:\.\d{1,16})?$/;

/**
 * A query string's values as the struct's fields expect them: GET and DELETE carry the payload
 * as text, so a number or boolean field's text is read as one (anything else is left for the
 * struct to refuse).
 */
export function readQuery<T>(struct: Struct<T, unknown>, query: unknown): unknown {
  const schema = struct.schema;
  if (!isRecord(query) || !isRecord(schema)) return query;
  const read: Record<string, unknown> = { ...query };
  for (const [key, value] of Object.entries(query)) {
    const field = schema[key] as Struct<unknown, unknown> | undefined;
    if (typeof value !== 'string' || field === undefined) continue;
    if ((field.type === 'integer' || field.type === 'number') && NUMBER_TEXT.test(value)) {
      read[key] = Number(value);
    } else if (field.type === 'boolean' && (value === 'true' || value === 'false')) {
      read[key] = value === 'true';
    }
  }
  return read;
}

/**
 * Registers `endpoint` under the API base (the app's prefix): the caller is authenticated and
 * checked at the endpoint's level, the payload parsed with its struct and field messages, then
 * `answer` is given the input. Shared by {@link route} and {@link fileRoute}.
 */
function register<Request, Data, Auth extends AuthLevel>(
  app: FastifyInstance,
  endpoint: Endpoint<Request, Data, Auth>,
  answer: (input: RouteInput<Request, Auth>) => Promise<unknown>,
  options: { exposeHeadRoute?: boolean } = {},
): void {
  const usesQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  app.route({
    method: endpoint.method,
    url: `/${endpoint.path}`,
    config: { endpoint },
    ...options,
    handler: async (request, reply) => {
      const { authenticate, scopeAt, messageSettings } = app.routeAuth;
      // Who is calling comes first: a caller without the right gets 401/403 before any word
      // about the payload.
      let scope: TenantScope | null = null;
      if (endpoint.auth !== 'public') {
        const principal = await authenticate(request);
        checkImpersonation(principal, endpoint);
        scope = await scopeAt(principal, endpoint.auth);
      }
      const raw = usesQuery ? readQuery(endpoint.request, request.query) : request.body;
      const payload = parsePayload(endpoint.request, raw, messagesOf(endpoint, messageSettings));
      return answer({
        payload,
        scope: scope as RouteInput<Request, Auth>['scope'],
        client: clientOf(request),
        request,
        reply,
      });
    },
  });
}

/**
 * The caller's scope at `level`, for a call whose payload asks for more than its endpoint's level
 * (a list's `includeDisabled`, a host's request): the same authentication and check as an
 * endpoint of that level (401 without a session, 403 without the right), impersonation included:
 * an impersonated session never passes `host` ({@link checkImpersonation}, and scopeAt again).
 */
export async function scopeFor(request: FastifyRequest, level: AuthLevel): Promise<TenantScope> {
  const { authenticate, scopeAt } = request.server.routeAuth;
  const principal = await authenticate(request);
  checkImpersonation(principal, { auth: level });
  return scopeAt(principal, level);
}

/** Registers `endpoint` under the API base (the app's prefix) with `handler`. */
export function route<Request, Data, Auth extends AuthLevel>(
  app: FastifyInstance,
  endpoint: Endpoint<Request, Data, Auth>,
  handler: RouteHandler<Request, Data, Auth>,
): void {
  register(app, endpoint, handler);
}

/**
 * Registers `endpoint` with a handler whose result is the envelope's data (the usual `ok`
 * answer): `compute` gets the parsed payload, the caller's scope and the whole input.
 */
export function answer<Request, Data, Auth extends AuthLevel>(
  app: FastifyInstance,
  endpoint: Endpoint<Request, Data, Auth>,
  compute: (
    payload: Request,
    scope: RouteInput<Request, Auth>['scope'],
    input: RouteInput<Request, Auth>,
  ) => Promise<Data>,
): void {
  register(app, endpoint, async (input) => ok(await compute(input.payload, input.scope, input)));
}

/**
 * The `compute` of {@link answer} for a domain function called as `run(deps, scope, payload)`
 * (a function of `(deps, scope)` ignores the payload).
 */
export const passTo =
  <Deps, Request, Scope, Data>(
    deps: Deps,
    run: (deps: Deps, scope: Scope, payload: Request) => Promise<Data>,
  ) =>
  (payload: Request, scope: Scope): Promise<Data> =>
    run(deps, scope, payload);

/** A file answered as an attachment instead of an envelope. */
export interface FileAnswer {
  /** The name the browser saves it under. */
  fileName: string;
  contentType: string;
  /** Sent as it is read (a refusal must be thrown before the handler returns). */
  stream: Readable;
}

export type FileRouteHandler<Request, Auth extends AuthLevel> = (
  input: RouteInput<Request, Auth>,
) => Promise<FileAnswer>;

/** Printable ASCII but the quote and the backslash: a file name that needs no encoding. */
const PLAIN_FILE_NAME = /^[\x20\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * The Content-Disposition of an attachment (RFC 6266): `attachment; filename="name"` for a plain
 * ASCII name; otherwise an ASCII stand-in (other characters as '_') and the exact name as
 * `filename*` in UTF-8 (RFC 8187), which browsers prefer.
 */
export function attachmentDisposition(fileName: string): string {
  if (PLAIN_FILE_NAME.test(fileName)) return `attachment; filename="${fileName}"`;
  const fallback = fileName.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Registers an endpoint whose answer is a file (a download), not an envelope: the same
 * authentication, auth level and payload parsing as {@link route}, and refusals thrown by the
 * handler are envelopes with their 4xx as usual; the file is streamed with its Content-Type and
 * `Content-Disposition: attachment`. No HEAD route is added beside a GET one.
 */
export function fileRoute<Request, Auth extends AuthLevel>(
  app: FastifyInstance,
  endpoint: Endpoint<Request, unknown, Auth>,
  handler: FileRouteHandler<Request, Auth>,
): void {
  register(
    app,
    endpoint,
    async (input) => {
      const file = await handler(input);
      return input.reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.stream);
    },
    // A HEAD request would make (and count against its limits) a file only to drop it.
    { exposeHeadRoute: false },
  );
}
