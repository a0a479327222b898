/**
 * Spec §5 and §8 Data loads: every authenticated call first checks that a user exists, else it
 * fails with 'User is not authenticated' — before any request is made.
 */
import { describe, expect, it } from 'vitest';
import { dashboardEndpoints } from '../../contract/endpoints/dashboard';
import { identityEndpoints } from '../../contract/endpoints/identity';
import { tenantEndpoints } from '../../contract/endpoints/tenants';
import { ResponseStatus } from '../../contract/enums';
import { messagesFrom, titledFailure } from '../../src/machines/errorMessages';
import { createCall, NotAuthenticatedError } from '../../src/services/call';
import { createHttp } from '../../src/services/http';

function setup(token: string | null) {
  const requests: Request[] = [];
  const http = createHttp({
    origin: 'http://localhost:3000',
    getApiBaseUrl: () => '/api',
    getToken: () => token,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request);
      return new Response(
        JSON.stringify({ status: ResponseStatus.Ok, messages: [], data: false }),
        { headers: { 'content-type': 'application/json' } },
      );
    },
  });
  return { call: createCall(http), requests };
}

describe('call(endpoint, payload) without a signed-in user', () => {
  it("rejects a user-level call with 'User is not authenticated' and sends nothing", async () => {
    const { call, requests } = setup(null);
    const failure = call(dashboardEndpoints.getDashboardInformation, { refresh: false });
    await expect(failure).rejects.toThrow('User is not authenticated');
    await expect(failure).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(call(tenantEndpoints.getCurrentTenantStatus, {})).rejects.toThrow(
      'User is not authenticated',
    );
    // Administrator-only calls too.
    await expect(call(dashboardEndpoints.getSelectList, {})).rejects.toThrow(
      'User is not authenticated',
    );
    expect(requests).toHaveLength(0);
  });

  it("carries 'User is not authenticated' as the text machines show, not their own", async () => {
    const { call } = setup(null);
    const error: unknown = await call(dashboardEndpoints.getDashboardInformation, {
      refresh: false,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect(messagesFrom(error, 'Error loading dashboard information')).toEqual([
      'User is not authenticated',
    ]);
    expect(titledFailure(error, 'Error loading dashboard information')).toEqual({
      title: 'Error loading dashboard information',
      messages: ['User is not authenticated'],
    });
  });

  it('still makes public calls', async () => {
    const { call, requests } = setup(null);
    const answer = await call(identityEndpoints.handleExists, { value: 'someone' });
    expect(answer.data).toBe(false);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('makes the call once a user is signed in (a stored token)', async () => {
    const { call, requests } = setup('a.b.c');
    await call(tenantEndpoints.getCurrentTenantStatus, {}).catch(() => undefined);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer a.b.c');
  });
});
