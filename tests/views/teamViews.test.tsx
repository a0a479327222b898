/**
 * The team's views (issue 17) from plain props: the Users screen's tables, forms and dialog, and
 * the invitation page's views, with the spec's texts (§2.3, §4, §5, §8) and axe-core's rules
 * (jsdom: colour contrast is left to the e2e checks in Chromium).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  InvitationView,
  type InvitationViewProps,
} from '../../src/features/invitation/InvitationView';
import {
  UsersView,
  type UsersViewInvitation,
  type UsersViewProps,
  type UsersViewUser,
} from '../../src/features/users/UsersView';
import { axeViolations } from './axe';
import { teamTexts } from '../../contract/team';

const inRouter = (ui: ReactElement) => (
  <Router hook={memoryLocation({ path: '/users' }).hook}>{ui}</Router>
);

const violations = (ui: ReactElement) => axeViolations(inRouter(ui));

const user = (id: number, overrides: Partial<UsersViewUser> = {}): UsersViewUser => ({
  id,
  firstName: `First${id}`,
  lastName: 'Person',
  email: `u${id}@example.org`,
  emailConfirmed: true,
  userRole: 0,
  owner: false,
  loginEnabled: true,
  lastLoginDate: '2026-11-20T10:05:00.000Z',
  lock: null,
  ...overrides,
});
const invitation = (
  id: number,
  overrides: Partial<UsersViewInvitation> = {},
): UsersViewInvitation => ({
  id,
  firstName: `Guest${id}`,
  lastName: 'Person',
  email: `g${id}@example.org`,
  acceptedEmailAddress: null,
  userRole: 0,
  expiryDate: '2026-12-03T12:00:00.000Z',
  shownStatus: 'Pending',
  responseMessage: null,
  userInvitationKey: `key${id}`,
  canResend: true,
  removal: 'cancel',
  showsLink: true,
  badgeLevel: 'Info',
  ...overrides,
});

const props: UsersViewProps = {
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  mode: 'list',
  users: [
    user(1, { lock: 'Current users cannot edit themselves', userRole: 1 }),
    user(2, { emailConfirmed: false, lastLoginDate: null }),
    user(3, { owner: true, userRole: 1, lock: 'Organisation Owner cannot be edited' }),
  ],
  invitations: [
    invitation(10),
    invitation(11, {
      shownStatus: 'Accepted',
      acceptedEmailAddress: 'other@example.org',
      canResend: false,
      removal: 'delete',
      showsLink: false,
      badgeLevel: 'Success',
    }),
    invitation(12, {
      shownStatus: 'Declined',
      responseMessage: 'Not this year',
      removal: 'delete',
      showsLink: false,
      badgeLevel: 'Danger',
    }),
  ],
  siteUrl: 'https://givedrop.example',
  busy: false,
  alert: null,
  onDismissAlert: vi.fn(),
  onInvite: vi.fn(),
  onResend: vi.fn(),
  onEdit: vi.fn(),
  onDeleteUser: vi.fn(),
  onDeleteInvitation: vi.fn(),
  resendInvitation: null,
  editedUser: null,
  onSubmitInvitation: vi.fn(),
  onSaveUser: vi.fn(),
  onCancel: vi.fn(),
  confirmation: null,
  onConfirm: vi.fn(),
  onCancelConfirm: vi.fn(),
  onCopy: vi.fn(async () => undefined),
  timeZone: 'UTC',
};

describe('the Users screen', () => {
  it('lists users with their locks, owner badge, Never and the unconfirmed-email warning', async () => {
    const onEdit = vi.fn();
    render(inRouter(<UsersView {...props} onEdit={onEdit} />));
    const users = screen.getByRole('region', { name: 'Users table' });
    expect(within(users).getByText('Current users cannot edit themselves')).toBeTruthy();
    expect(within(users).getByText('Organisation Owner cannot be edited')).toBeTruthy();
    expect(within(users).getByText('owner')).toBeTruthy();
    expect(within(users).getByText('Never')).toBeTruthy();
    expect(within(users).getAllByText('20/11/2026 10:05')).toHaveLength(2);
    expect(within(users).getByText('Email requires confirmation')).toBeTruthy();
    // Only the member without a lock can be edited or deleted.
    expect(within(users).getAllByRole('button', { name: /^Edit / })).toHaveLength(1);
    await userEvent.click(within(users).getByRole('button', { name: 'Edit First2 Person' }));
    expect(onEdit).toHaveBeenCalledWith(2);
  });

  it('shows the invitations with their badges, the link of a pending one, a reason and a changed address', async () => {
    const onCopy = vi.fn(async () => undefined);
    render(inRouter(<UsersView {...props} onCopy={onCopy} />));
    const invited = screen.getByRole('region', { name: 'Invited users table' });
    expect(within(invited).getByText('Pending')).toBeTruthy();
    expect(within(invited).getByText('Accepted')).toBeTruthy();
    expect(within(invited).getByText('Reason: Not this year')).toBeTruthy();
    expect(within(invited).getByText('other@example.org')).toBeTruthy();
    expect(
      within(invited).getByRole('button', { name: 'Cancel invitation to Guest10 Person' }),
    ).toBeTruthy();
    expect(
      within(invited).getByRole('button', { name: 'Delete invitation to Guest11 Person' }),
    ).toBeTruthy();
    expect(
      within(invited).queryByRole('button', { name: 'Resend invitation to Guest11 Person' }),
    ).toBeNull();
    const link = within(invited).getByLabelText('Invitation Link for Guest10 Person');
    expect((link as HTMLInputElement).value).toBe('https://givedrop.example/invitation/key10');
    await userEvent.click(within(invited).getByRole('button', { name: 'Copy Link' }));
    expect(onCopy).toHaveBeenCalledWith('https://givedrop.example/invitation/key10');
    expect(await within(invited).findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it("says 'There are no pending user invitations' when there are none", () => {
    render(inRouter(<UsersView {...props} invitations={[]} />));
    expect(screen.getByText('There are no pending user invitations')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite User' })).toBeTruthy();
  });

  it("refuses an empty invite form with the spec's messages, and sends a filled one", async () => {
    const onSubmitInvitation = vi.fn();
    render(
      inRouter(<UsersView {...props} mode="invite" onSubmitInvitation={onSubmitInvitation} />),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('User role is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('First Name'), 'Nia');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Cole');
    await userEvent.type(screen.getByLabelText('Email Address'), 'nia@');
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email Address'), 'example.org');
    await userEvent.selectOptions(screen.getByLabelText('User Role'), 'Administrator');
    await userEvent.click(screen.getByLabelText('User can use any email address?'));
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(onSubmitInvitation).toHaveBeenCalledWith({
      firstName: 'Nia',
      lastName: 'Cole',
      email: 'nia@example.org',
      message: '',
      userRole: 1,
      canChangeEmailAddress: true,
    });
  });

  it('edits a role and the login permission', async () => {
    const onSaveUser = vi.fn();
    render(
      inRouter(<UsersView {...props} mode="edit" editedUser={user(2)} onSaveUser={onSaveUser} />),
    );
    expect(
      screen.getByText('Users can log in and update their own details and preferences.'),
    ).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('User Role'), 'Administrator');
    await userEvent.click(screen.getByLabelText('Login enabled'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSaveUser).toHaveBeenCalledWith({ userRole: 1, loginEnabled: false });
  });

  it('has no axe violations in its modes and with the dialog open', async () => {
    expect(await violations(<UsersView {...props} />)).toEqual([]);
    expect(await violations(<UsersView {...props} mode="invite" />)).toEqual([]);
    expect(await violations(<UsersView {...props} mode="edit" editedUser={user(2)} />)).toEqual([]);
    expect(
      await violations(
        <UsersView
          {...props}
          confirmation={{ kind: 'user', name: 'First2 Person', busy: false }}
        />,
      ),
    ).toEqual([]);
  });
});

const page: InvitationViewProps = {
  state: 'accept',
  invitation: {
    accountName: 'Harbour Hope',
    invitedByUserFullName: 'Olivia Harper',
    invitedByUserEmail: 'owner@example.com',
    firstName: 'Gia',
    lastName: 'Lane',
    email: 'gia@example.org',
  },
  alreadyText: null,
  invalidMessages: [],
  alert: null,
  onDismissAlert: vi.fn(),
  onRetry: vi.fn(),
  emailEditable: false,
  existingAccount: false,
  minimumPasswordLength: 8,
  termsUrl: 'https://givedrop.example/terms',
  privacyPolicyUrl: 'https://givedrop.example/privacy',
  accepting: false,
  declining: false,
  onAccept: vi.fn(),
  onAcceptWithGoogle: vi.fn(),
  thirdPartyBusy: false,
  onDeclineStart: vi.fn(),
  onDeclineCancel: vi.fn(),
  onDecline: vi.fn(),
};

describe('the invitation page', () => {
  it('shows who invited whom, keeps the invited address, and accepts a valid form', async () => {
    const onAccept = vi.fn();
    render(inRouter(<InvitationView {...page} onAccept={onAccept} />));
    expect(screen.getByRole('heading', { name: 'Join Harbour Hope' })).toBeTruthy();
    expect(screen.getByText(/Olivia Harper \(owner@example.com\) invited you/)).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    expect(screen.getByText('Please confirm password')).toBeTruthy();
    expect(screen.getByText('The terms of service must be accepted.')).toBeTruthy();
    expect(screen.getByText('The privacy policy must be accepted.')).toBeTruthy();
    expect(onAccept).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Password'), 'Strong!Pass1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Strong!Pass1');
    await userEvent.click(screen.getByLabelText(/I accept the terms of service/));
    await userEvent.click(screen.getByLabelText(/I accept the privacy policy/));
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(onAccept).toHaveBeenCalledWith({
      firstName: 'Gia',
      lastName: 'Lane',
      email: 'gia@example.org',
      password: 'Strong!Pass1',
    });
  });

  it('asks an existing account only for its password; Accept with Google needs the terms first', async () => {
    const onAcceptWithGoogle = vi.fn();
    render(
      inRouter(
        <InvitationView {...page} existingAccount onAcceptWithGoogle={onAcceptWithGoogle} />,
      ),
    );
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
    expect(screen.getByText('You already have an account: enter its password.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept with Google' }));
    expect(onAcceptWithGoogle).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText(/I accept the terms of service/));
    await userEvent.click(screen.getByLabelText(/I accept the privacy policy/));
    await userEvent.click(screen.getByRole('button', { name: 'Accept with Google' }));
    expect(onAcceptWithGoogle).toHaveBeenCalledTimes(1);
  });

  it('declines with a reason', async () => {
    const onDecline = vi.fn();
    render(inRouter(<InvitationView {...page} state="decline" onDecline={onDecline} />));
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Not now');
    await userEvent.click(screen.getByRole('button', { name: 'Decline Invitation' }));
    expect(onDecline).toHaveBeenCalledWith('Not now');
  });

  it('shows the invalid, already and declined views', () => {
    const { rerender } = render(
      inRouter(
        <InvitationView
          {...page}
          state="invalid"
          invalidMessages={[teamTexts.unknownInvitationKey]}
        />,
      ),
    );
    expect(screen.getByRole('heading', { name: 'Invalid Invitation' })).toBeTruthy();
    // Said once, with what to do; and no party popper for a link that does not work (issue 34).
    expect(screen.getAllByText(/Invalid Invitation/)).toHaveLength(1);
    expect(screen.getByText(teamTexts.unknownInvitationKey)).toBeTruthy();
    expect(document.querySelector('.lucide-party-popper')).toBeNull();
    expect(document.querySelector('.lucide-circle-x')).not.toBeNull();
    rerender(
      inRouter(
        <InvitationView
          {...page}
          state="notPending"
          alreadyText="This invitation has already been accepted."
        />,
      ),
    );
    expect(screen.getByText('This invitation has already been accepted.')).toBeTruthy();
    expect(document.querySelector('.lucide-party-popper')).toBeNull();
    rerender(inRouter(<InvitationView {...page} state="declined" />));
    expect(screen.getByRole('heading', { name: 'Invitation Declined' })).toBeTruthy();
    expect(document.querySelector('.lucide-party-popper')).toBeNull();
  });

  it('has no axe violations', async () => {
    expect(await violations(<InvitationView {...page} />)).toEqual([]);
    expect(await violations(<InvitationView {...page} state="decline" />)).toEqual([]);
    expect(
      await violations(
        <InvitationView
          {...page}
          state="notPending"
          alreadyText="This invitation has already been expired."
        />,
      ),
    ).toEqual([]);
  });
});
