/**
 * Issue 31: past the invitation mail limits the server answers 429 with a Retry-After of hours and
 * its message. Spec §7.1 retries a 429 once after Retry-After, however long: the app's notice
 * shows the server's message and when it will try again, with Stop waiting. The Users screen, with
 * its real machine, team API and HTTP client, then shows that message on the invite form and keeps
 * the form.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '../../../contract/auth';
import { formatDateTime } from '../../../contract/dateTime';
import { ResponseStatus } from '../../../contract/enums';
import { teamEndpoints } from '../../../contract/endpoints/team';
import { invitationMailLimitMessages } from '../../../server/features/team/mailLimits';
import usersEntry from '../../../src/features/users/index';
import type { FlowServices } from '../../../src/shared/flow';
import { createHttp } from '../../../src/services/http';
import { createRateLimitWaits } from '../../../src/services/rateLimitWaits';
import { AppRuntimeContext, type AppRuntime } from '../../../src/app/appContext';
import { RateLimitNotice } from '../../../src/app/RateLimitNotice';

const ORIGIN = 'http://localhost:3000';
const LIMIT_MESSAGE = invitationMailLimitMessages.administrator;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** The API: empty lists, and every invitation refused for the day's limit. */
function fakeApi() {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    sent.push(path);
    if (path === teamEndpoints.upsertInvitation.path || path === 'userinvitations/create') {
      const refusal = { status: ResponseStatus.Error, messages: [LIMIT_MESSAGE], data: null };
      return json(429, refusal, { 'retry-after': '86000' });
    }
    return json(200, {
      status: ResponseStatus.Ok,
      messages: [],
      data: { list: [], totalCount: 0 },
    });
  };
  return { fetch, sent };
}

afterEach(cleanup);

describe('the Users screen past the invitation mail limit', () => {
  it("announces the wait with the server's message; Stop waiting shows it on the invite form, which it keeps", async () => {
    const api = fakeApi();
    const rateLimitWaits = createRateLimitWaits();
    const http = createHttp({
      rateLimitWaits,
      getApiBaseUrl: () => `${ORIGIN}/api`,
      getToken: () => 'token',
      origin: ORIGIN,
      fetch: api.fetch,
    });
    const services = {
      http,
      origin: () => ORIGIN,
      currentUser: () => ({ id: 1 }) as User,
    } as unknown as FlowServices;
    const entry = usersEntry(services);
    const { users } = entry.start(undefined, { signedIn: true });
    const actor = createActor(users.logic, { input: users.input }).start();
    const { Screen } = entry;
    render(
      <AppRuntimeContext.Provider value={{ rateLimitWaits } as AppRuntime}>
        <RateLimitNotice />
        <Router hook={memoryLocation({ path: '/users' }).hook}>
          <Screen flow={{ users: actor }} user={null} />
        </Router>
      </AppRuntimeContext.Provider>,
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    await userEvent.type(screen.getByLabelText('First Name'), 'Nia');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Cole');
    await userEvent.type(screen.getByLabelText('Email Address'), 'nia@example.org');
    await userEvent.selectOptions(screen.getByLabelText('User Role'), 'Standard User');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));

    // The notice: the server's message, and a retry about 86,000 s (23 h 53 min) from now.
    const notice = await screen.findByRole('region', { name: 'Too many requests' });
    expect(notice.textContent).toContain(LIMIT_MESSAGE);
    const retryAt = formatDateTime(new Date(rateLimitWaits.current()[0]!.retryAt).toISOString());
    expect(notice.textContent).toContain(`Givedrop will try again at ${retryAt}.`);
    expect(rateLimitWaits.current()[0]!.retryAt - Date.now()).toBeGreaterThan(85_000_000);

    await userEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    expect(await screen.findByText(LIMIT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Too many requests' })).toBeNull();
    // Sent once: the wait was stopped before the retry.
    expect(api.sent.filter((path) => path.startsWith('userinvitations/up'))).toHaveLength(1);
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Nia');
    actor.stop();
  });
});
