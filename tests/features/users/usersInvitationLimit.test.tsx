/**
 * Issue 31: past the invitation mail limits the server answers 429 with a Retry-After of hours and
 * its message. The Users screen, with its real machine, team API and HTTP client, shows that
 * message on the invite form at once (a wait that long is not retried) and keeps the form.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '../../../contract/auth';
import { ResponseStatus } from '../../../contract/enums';
import { teamEndpoints } from '../../../contract/endpoints/team';
import { invitationMailLimitMessages } from '../../../server/features/team/mailLimits';
import usersEntry from '../../../src/features/users/index';
import type { FlowServices } from '../../../src/shared/flow';
import { createHttp } from '../../../src/services/http';

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
  it("shows the server's 429 message on the invite form, which it keeps", async () => {
    const api = fakeApi();
    const http = createHttp({
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
      <Router hook={memoryLocation({ path: '/users' }).hook}>
        <Screen flow={{ users: actor }} user={null} />
      </Router>,
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    await userEvent.type(screen.getByLabelText('First Name'), 'Nia');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Cole');
    await userEvent.type(screen.getByLabelText('Email Address'), 'nia@example.org');
    await userEvent.selectOptions(screen.getByLabelText('User Role'), 'Standard User');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText(LIMIT_MESSAGE)).toBeTruthy();
    // Sent once: a Retry-After of hours is not waited for.
    expect(api.sent.filter((path) => path.startsWith('userinvitations/up'))).toHaveLength(1);
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Nia');
    actor.stop();
  });
});
