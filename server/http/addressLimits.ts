/**
 * Every limit per client address, in one place, kept by @fastify/rate-limit: failed logins,
 * verification emails, wrong verification codes, password reset requests, unknown emailed keys,
 * the invitee's calls by an invitation's key and media uploads. The domain decides what counts (through {@link Client.allowance}); here each
 * allowance is a limiter of the plugin (`createRateLimit`), keyed by the limit's name and the
 * client address, an IPv6 address by its /64 prefix (one host usually holds a whole /64).
 *
 * The counts live in one store ({@link sharedWindowsStore}: the database, on the app's clock; or
 * Redis with REDIS_URL, {@link redisLimitOptions}), so several server processes count together.
 */
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { SharedWindows } from '../db/sharedWindows';
import type { AddressAllowance, AddressLimitName, Client } from '../domain/client';
import { RateLimitedError, unavailable } from '../domain/errors';
import {
  TOO_MANY_ATTEMPTS,
  TOO_MANY_RESET_REQUESTS,
  TOO_MANY_VERIFICATION_EMAILS,
} from '../features/identity/rateLimits';
import { TOO_MANY_LOGIN_ATTEMPTS } from '../features/auth/sessions';
import { mediaServiceMessages } from '../media/service';
import { sharedWindowsStore } from './rateLimitStore';
import { redisLimitOptions } from './redisLimits';

export const LIMITS_UNAVAILABLE = 'The service is temporarily unavailable; please try again later.';

/** IPv6 addresses are counted by this prefix. */
export const IPV6_PREFIX_LENGTH = 64;

export interface AddressLimit {
  /** Attempts allowed per window; the next one is refused with 429. */
  max: number;
  windowSeconds: number;
  /** The refusal's message. */
  message: string;
}

export type AddressLimits = Record<AddressLimitName, AddressLimit>;

/** The limits per client address, from the configuration. */
export function addressLimitsOf(config: ServerConfig): AddressLimits {
  const identity = (message: string): AddressLimit => ({
    max: config.identityRateLimit.perAddress,
    windowSeconds: config.identityRateLimit.windowSeconds,
    message,
  });
  return {
    login: {
      max: config.loginRateLimit.perAddress,
      windowSeconds: config.loginRateLimit.windowSeconds,
      message: TOO_MANY_LOGIN_ATTEMPTS,
    },
    codeSends: identity(TOO_MANY_VERIFICATION_EMAILS),
    codeGuesses: identity(TOO_MANY_ATTEMPTS),
    resetRequests: identity(TOO_MANY_RESET_REQUESTS),
    keyFailures: identity(TOO_MANY_ATTEMPTS),
    invitationCalls: {
      max: config.invitationRateLimit.perAddress,
      windowSeconds: config.invitationRateLimit.windowSeconds,
      message: TOO_MANY_ATTEMPTS,
    },
    uploads: {
      max: config.mediaLimits.uploadsPerAddress,
      windowSeconds: config.mediaLimits.uploadWindowSeconds,
      message: mediaServiceMessages.tooManyUploads,
    },
  };
}

/** What a request whose client has already gone (its socket closed, no address) counts under. */
export const NO_ADDRESS = 'unknown';

/**
 * The key an address is counted under: itself, or an IPv6 address's /64 prefix. A request whose
 * socket closed before its handler ran has no address (Node answers undefined): it is counted
 * under {@link NO_ADDRESS} instead of failing.
 */
export const addressKeyOf = (address: string | undefined) =>
  address ? normalizeIP(address, IPV6_PREFIX_LENGTH) : NO_ADDRESS;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** One limiter of the plugin per limit, made when first used (the plugin loads with the app). */
class AddressLimiters {
  private readonly limiters = new Map<AddressLimitName, Limiter>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly limits: AddressLimits,
    /** The counts live in Redis: a failed count is Redis being unreachable. */
    private readonly inRedis: boolean,
  ) {}

  /**
   * Counts through `limiter`. A count Redis cannot take refuses the attempt with a 503 (logged),
   * never lets it through uncounted; the database's failures are the error handler's 503 already.
   */
  private async count(request: FastifyRequest, limiter: Limiter, increment: boolean) {
    try {
      return await limiter(request, { increment });
    } catch (error) {
      if (!this.inRedis) throw error;
      request.log.error({ err: error }, 'Redis (address limits) cannot count');
      throw unavailable(LIMITS_UNAVAILABLE);
    }
  }

  allowance(request: FastifyRequest, name: AddressLimitName): AddressAllowance {
    const limit = this.limits[name];
    const limiter = this.limiterOf(name);
    const count = this.count.bind(this);
    return {
      async check() {
        const status = await count(request, limiter, false);
        if (!status.isAllowed && status.remaining === 0) {
          throw new RateLimitedError(limit.message, Math.max(1, status.ttlInSeconds));
        }
      },
      async record() {
        await count(request, limiter, true);
      },
    };
  }

  private limiterOf(name: AddressLimitName): Limiter {
    let limiter = this.limiters.get(name);
    if (limiter === undefined) {
      const limit = this.limits[name];
      limiter = this.app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowSeconds * 1000,
        keyGenerator: (request) => `${name}:${addressKeyOf(request.ip)}`,
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    addressLimiters: AddressLimiters;
  }
}

/**
 * Registers @fastify/rate-limit (no route is limited by itself: the domain counts through
 * {@link clientOf}) with the limits of `config`, counted in `windows` on the app's clock (in
 * Redis when REDIS_URL is set).
 */
export function installAddressLimits(
  app: FastifyInstance,
  config: ServerConfig,
  now: () => Date,
  windows: SharedWindows,
): void {
  const counts =
    config.redisUrl === undefined
      ? { store: sharedWindowsStore(windows, now) }
      : redisLimitOptions(app, config.redisUrl);
  app.register(fastifyRateLimit, { global: false, ...counts });
  app.decorate(
    'addressLimiters',
    new AddressLimiters(app, addressLimitsOf(config), config.redisUrl !== undefined),
  );
}

/** The client of a request, with its allowances per address (installAddressLimits first). */
export function clientOf(request: FastifyRequest): Client {
  const limiters = request.server.addressLimiters;
  return {
    address: request.ip ?? NO_ADDRESS,
    addressKey: addressKeyOf(request.ip),
    allowance: (name) => limiters.allowance(request, name),
  };
}
