/**
 * The app's services: a long 429 wait stops when the calls would be made as someone else (a
 * sign-out, another person, another organisation, an impersonation), never on a token refresh of
 * the same person, so no call is sent again as another person and the notice goes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JwtPayload } from '../../contract/auth';
import { createServices } from '../../src/app/services';
import { currentTenant, makeToken, otherTenant } from '../services/helpers/tokens';

const session = (claims: Partial<JwtPayload> = {}) => ({
  jwtToken: makeToken(claims),
  expiresAt: Date.now() + 900_000,
  refreshTokenExpiresAt: '2099-01-01T00:00:00.000Z',
});

afterEach(() => localStorage.clear());

function waiting(services: ReturnType<typeof createServices>) {
  const stopped = vi.fn();
  services.rateLimitWaits.begin({ retryAt: Date.now() + 600_000, messages: [] }, stopped);
  return stopped;
}

describe('the 429 waits and who the calls are made as', () => {
  it('a token refresh of the same person keeps the wait', () => {
    const services = createServices(() => null);
    services.storage.writeAuthSession(session({ id: 42, exp: 2_000_000_000 }));
    const stopped = waiting(services);
    services.storage.writeAuthSession(session({ id: 42, exp: 2_000_000_900 }));
    expect(stopped).not.toHaveBeenCalled();
    expect(services.rateLimitWaits.current()).toHaveLength(1);
  });

  it.each([
    ['a sign-out', (s: ReturnType<typeof createServices>) => s.storage.clearSignOutKeys()],
    [
      'another person',
      (s: ReturnType<typeof createServices>) => s.storage.writeAuthSession(session({ id: 43 })),
    ],
    [
      'another organisation',
      (s: ReturnType<typeof createServices>) =>
        s.storage.writeAuthSession(
          session({ id: 42, currentTenant: JSON.stringify({ ...currentTenant, ...otherTenant }) }),
        ),
    ],
    [
      'an impersonation',
      (s: ReturnType<typeof createServices>) =>
        s.storage.writeAuthSession(
          session({ id: 42, impersonatorId: 1, impersonatorName: 'Olivia Harper' }),
        ),
    ],
  ])('%s stops every wait', (_who, change) => {
    const services = createServices(() => null);
    services.storage.writeAuthSession(session({ id: 42 }));
    const stopped = waiting(services);
    change(services);
    expect(stopped).toHaveBeenCalledTimes(1);
    expect(services.rateLimitWaits.current()).toHaveLength(0);
  });
});
