/**
 * The account screens' views (issue 16) rendered from plain props in the states their machines
 * can be in: the spec's texts (§2.3, §5, §8), what the callbacks receive, and axe-core's rules
 * (jsdom: colour contrast is left to the e2e checks in Chromium).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AccountAreaView } from '../../src/views/layouts/AccountAreaView';
import { ChangePasswordView } from '../../src/features/changePassword/ChangePasswordView';
import type { ChangePasswordViewProps } from '../../src/features/changePassword/ChangePasswordView';
import { DataPrivacyView } from '../../src/features/dataPrivacy/DataPrivacyView';
import type { DataPrivacyViewProps } from '../../src/features/dataPrivacy/DataPrivacyView';
import { PersonalDetailsView } from '../../src/features/personalDetails/PersonalDetailsView';
import type { PersonalDetailsViewProps } from '../../src/features/personalDetails/PersonalDetailsView';
import { PreferencesView } from '../../src/features/preferences/PreferencesView';
import type { PreferencesViewProps } from '../../src/features/preferences/PreferencesView';
import { accountArea } from '../../src/shared/accountArea';
import { makeUser } from '../support/fixtures';
import { accountAreaLabels } from '../support/menus';
import { axeViolations, useInkCanvas } from './axe';

useInkCanvas();

function inRouter(ui: ReactElement) {
  const { hook } = memoryLocation({ path: '/account/personal-details' });
  return <Router hook={hook}>{ui}</Router>;
}

const violations = (ui: ReactElement) => axeViolations(inRouter(ui));

describe('the account area', () => {
  it('lists the items of spec §2.2 in order, the current one marked, Change Password for Email', () => {
    const area = accountArea(makeUser(), '/account');
    render(
      inRouter(
        <AccountAreaView {...area} organisations={[]} onSwitchOrganisation={vi.fn()}>
          <p>Content</p>
        </AccountAreaView>,
      ),
    );
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(within(nav).getByText('Harbour Hope')).toBeTruthy();
    expect(within(nav).getByText('Charity Account')).toBeTruthy();
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Organisation Details', '/account/organisation'],
      ['Subscription / Invoices', '/account/organisation/payments'],
      ['Integration', '/account/organisation/integration'],
      ['Personal Details', '/account/personal-details'],
      ['Preferences', '/account/preferences'],
      ['Change Password', '/account/change-password'],
      ['Data Privacy', '/account/data-privacy'],
    ]);
    // /account is Personal Details (spec §2.1).
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page')).toEqual([links[3]]);
  });

  it('leaves Change Password out for a Google login, and badges an Individual Account', () => {
    const user = makeUser({
      currentLoginProvider: 'Google',
      currentTenant: { ...makeUser().currentTenant, tenantAccountType: 'Individual' },
    });
    const area = accountArea(user, '/account/data-privacy');
    expect(area.badge).toBe('Individual Account');
    expect(area.items.map((i) => i.label)).toEqual(accountAreaLabels(false));
    expect(area.items.find((i) => i.current)?.label).toBe('Data Privacy');
    expect(
      accountArea(
        makeUser({ currentTenant: { ...makeUser().currentTenant, tenantAccountType: 'Company' } }),
        '/account/preferences',
      ).badge,
    ).toBe('Account');
  });

  it('has no axe violations', async () => {
    expect(
      await violations(
        <AccountAreaView
          {...accountArea(makeUser(), '/account/preferences')}
          organisations={[]}
          onSwitchOrganisation={vi.fn()}
        >
          <h1>Preferences</h1>
        </AccountAreaView>,
      ),
    ).toEqual([]);
  });
});

const personal: PersonalDetailsViewProps = {
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  initialValues: {
    firstName: 'Olivia',
    lastName: 'Harper',
    phone: { country: 'GB', national: '07911 123456', e164: '+447911123456' },
    dateOfBirth: '1990-04-01',
    handle: 'olivia_harper',
  },
  today: new Date(2026, 10, 26),
  countries: [{ code: 'GB', name: 'United Kingdom', callingCode: '44' }],
  emailVerification: {
    state: 'verified',
    email: 'owner@example.com',
    errorMessages: [],
    showResend: false,
  },
  onRequestCode: vi.fn(),
  onSubmitCode: vi.fn(),
  onResendCode: vi.fn(),
  onChangeEmail: vi.fn(),
  onEmailInput: vi.fn(),
  emailConfirmation: null,
  handleStatus: 'available',
  onHandleChange: vi.fn(),
  saving: false,
  ruleErrors: {},
  onSubmit: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
};

describe('Personal Details', () => {
  it('shows the saved details and saves what was typed', async () => {
    const onSubmit = vi.fn();
    render(inRouter(<PersonalDetailsView {...personal} onSubmit={onSubmit} />));
    expect(screen.getByRole('heading', { name: 'Personal Details' })).toBeTruthy();
    const first = screen.getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, '  Liv ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      firstName: 'Liv',
      lastName: 'Harper',
      phone: '+447911123456',
      dateOfBirth: '1990-04-01',
      handle: 'olivia_harper',
    });
  });

  it("refuses bad input with the spec's messages and sends nothing", async () => {
    const onSubmit = vi.fn();
    render(
      inRouter(
        <PersonalDetailsView
          {...personal}
          initialValues={{
            ...(personal.initialValues as NonNullable<PersonalDetailsViewProps['initialValues']>),
            firstName: '',
            lastName: '',
            phone: { country: 'GB', national: '123', e164: '' },
            dateOfBirth: '2010-01-01',
          }}
          onSubmit={onSubmit}
        />,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter your first name')).toBeTruthy();
    expect(screen.getByText('Please enter your last name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('You must be at least 18 years old')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });

  it('tells the machine every change of a new address as it is typed', async () => {
    const onEmailInput = vi.fn();
    render(
      inRouter(
        <PersonalDetailsView
          {...personal}
          emailVerification={{ ...personal.emailVerification, state: 'entering' }}
          onEmailInput={onEmailInput}
        />,
      ),
    );
    const input = screen.getByLabelText('Email', { exact: true });
    await userEvent.clear(input);
    await userEvent.type(input, 'a@b.co');
    expect(onEmailInput).toHaveBeenLastCalledWith('a@b.co');
  });

  it("says 'Saving...' while saving, and 'Email requires confirmation' for a new address", () => {
    render(
      inRouter(
        <PersonalDetailsView
          {...personal}
          saving
          emailConfirmation={{ pendingEmail: 'new@example.com' }}
          alert={{ level: 'success', title: null, messages: ['Personal details updated'] }}
        />,
      ),
    );
    expect(screen.getByRole('button', { name: /Saving\.\.\./ })).toBeTruthy();
    expect(screen.getByText('Email requires confirmation')).toBeTruthy();
    expect(screen.getByText(/we sent a link to new@example.com/)).toBeTruthy();
    expect(screen.getByText('Personal details updated')).toBeTruthy();
  });

  it('shows the load error with a retry', async () => {
    const onRetry = vi.fn();
    render(
      inRouter(
        <PersonalDetailsView
          {...personal}
          initialValues={null}
          loadFailed
          onRetry={onRetry}
          alert={{
            level: 'danger',
            title: 'Error getting user details',
            messages: ['There was an error loading the data for this form'],
          }}
        />,
      ),
    );
    expect(screen.getByText('There was an error loading the data for this form')).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations, loaded or loading', async () => {
    expect(
      await violations(
        <PersonalDetailsView {...personal} emailConfirmation={{ pendingEmail: null }} />,
      ),
    ).toEqual([]);
    expect(
      await violations(<PersonalDetailsView {...personal} loading initialValues={null} />),
    ).toEqual([]);
  });
});

const preferences: PreferencesViewProps = {
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  initialValues: { consentToHelpEmails: true, consentToMarketingEmails: false },
  saving: false,
  onSubmit: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
};

describe('Preferences', () => {
  it("shows the two consents with the spec's labels and saves them", async () => {
    const onSubmit = vi.fn();
    render(<PreferencesView {...preferences} onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Communication Preferences' })).toBeTruthy();
    const help = screen.getByLabelText(
      'I consent to receiving info to get me started (short help topics on app features)',
    );
    const marketing = screen.getByLabelText(
      'I consent to receiving related product marketing news, updates & offers.',
    );
    expect((help as HTMLInputElement).checked).toBe(true);
    expect((marketing as HTMLInputElement).checked).toBe(false);
    await userEvent.click(help);
    await userEvent.click(marketing);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      consentToHelpEmails: false,
      consentToMarketingEmails: true,
    });
  });

  it("says 'Saving Preferences...' and shows the outcome titled as the spec says", () => {
    render(
      <PreferencesView
        {...preferences}
        saving
        alert={{
          level: 'danger',
          title: 'Error Updating Details',
          messages: ['Error updating preferences'],
        }}
      />,
    );
    expect(screen.getByRole('button', { name: /Saving Preferences\.\.\./ })).toBeTruthy();
    expect(screen.getByRole('alert', { name: 'Error Updating Details' })).toBeTruthy();
  });

  it('has no axe violations', async () => {
    expect(await violations(<PreferencesView {...preferences} />)).toEqual([]);
  });
});

const changePassword: ChangePasswordViewProps = {
  unavailable: null,
  minimumPasswordLength: 8,
  saving: false,
  onSubmit: vi.fn(),
  resetKey: 0,
  alert: null,
  onDismissAlert: vi.fn(),
};

describe('Change Password', () => {
  it("refuses empty and weak passwords with the spec's messages", async () => {
    const onSubmit = vi.fn();
    render(<ChangePasswordView {...changePassword} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    expect(screen.getByText('Please confirm password')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'weakpassword');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different1');
    expect(screen.getByText('Please enter a valid password.')).toBeTruthy();
    expect(screen.getByText('Passwords must match')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, and empties the form after a change', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<ChangePasswordView {...changePassword} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Current password'), 'Old!Pass1');
    await userEvent.type(screen.getByLabelText('Password'), 'New!Pass22');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New!Pass22');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(onSubmit).toHaveBeenCalledWith({
      currentPassword: 'Old!Pass1',
      newPassword: 'New!Pass22',
    });
    rerender(
      <ChangePasswordView
        {...changePassword}
        onSubmit={onSubmit}
        resetKey={1}
        alert={{
          level: 'success',
          title: 'Password Updated',
          messages: ['Your password has been updated successfully'],
        }}
      />,
    );
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Your password has been updated successfully')).toBeTruthy();
  });

  it('shows a note instead of the form when the machine says it is not offered', async () => {
    const note =
      'Changing the password is not available while you are viewing Givedrop as another user.';
    render(<ChangePasswordView {...changePassword} unavailable={note} />);
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Password' })).toBeNull();
    expect(await violations(<ChangePasswordView {...changePassword} unavailable={note} />)).toEqual(
      [],
    );
  });

  it('has no axe violations', async () => {
    expect(await violations(<ChangePasswordView {...changePassword} />)).toEqual([]);
  });
});

const privacy: DataPrivacyViewProps = {
  page: 'account',
  deletedOutcome: null,
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  privacyPolicy: { version: 2, agreedDate: '2026-03-04T09:05:00.000Z' },
  supportUrl: 'https://givedrop.example/support',
  privacyPolicyUrl: 'https://givedrop.example/privacy',
  downloading: false,
  onDownload: vi.fn(),
  deletionPlan: { kind: 'organisationAndAccount', organisation: 'Hope Trust', remaining: [] },
  deletionUnavailable: null,
  confirmingDeletion: false,
  deleting: false,
  onDeleteRequest: vi.fn(),
  onDeleteCancel: vi.fn(),
  onDeleteConfirm: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
  timeZone: 'UTC',
};

/** The dialog's two lists, as a person reads them. */
function dialogLists() {
  const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
  const lists = within(dialog).getAllByRole('list');
  const items = (list: HTMLElement | undefined) =>
    list
      ? within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent)
      : [];
  return { dialog, deleted: items(lists[0]), stays: items(lists[1]) };
}

describe('Data Privacy', () => {
  it('shows the policy version and its date as dd/MM/yyyy HH:mm, and the contact link', async () => {
    const onDownload = vi.fn();
    render(<DataPrivacyView {...privacy} onDownload={onDownload} />);
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.getByText('04/03/2026 09:05')).toBeTruthy();
    const contact = screen.getByRole('link', { name: /Contact us/ });
    expect(contact.getAttribute('href')).toBe('https://givedrop.example/support');
    expect(contact.getAttribute('target')).toBe('_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Download Personal Data' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it("confirms deletion in a dialog whose button is 'Yes, Delete Account'", async () => {
    const onDeleteRequest = vi.fn();
    const onDeleteConfirm = vi.fn();
    const { rerender } = render(<DataPrivacyView {...privacy} onDeleteRequest={onDeleteRequest} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(onDeleteRequest).toHaveBeenCalledTimes(1);
    rerender(<DataPrivacyView {...privacy} confirmingDeletion onDeleteConfirm={onDeleteConfirm} />);
    const { dialog } = dialogLists();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete Account' }));
    expect(onDeleteConfirm).toHaveBeenCalledTimes(1);
  });

  it('an owner whose only organisation it is: the account and the organisation go (spec §6)', () => {
    render(<DataPrivacyView {...privacy} confirmingDeletion />);
    expect(
      screen.getByText('Deletes your account and the organisation Hope Trust, with all its data.'),
    ).toBeTruthy();
    const { deleted, stays } = dialogLists();
    expect(deleted).toEqual([
      'Your account and your personal data: you will not be able to log in again.',
      'The organisation Hope Trust, with its posts, drops and media, its subscription and its payment records.',
      "Every member's access to Hope Trust. Members who belong to no other organisation are deleted with it.",
    ]);
    expect(stays).toEqual([
      "Only the accounts of Hope Trust's members who also belong to other organisations, with those organisations.",
    ]);
    // Not 'You own Hope Trust.': the organisation is named as one.
    expect(screen.queryByText(/You own/)).toBeNull();
  });

  it('an owner of several organisations: this one goes, the account stays with the others, named', () => {
    render(
      <DataPrivacyView
        {...privacy}
        confirmingDeletion
        deletionPlan={{
          kind: 'organisation',
          organisation: 'Hope Trust',
          remaining: ['Nora Comer', 'Harbour Hope'],
        }}
      />,
    );
    expect(
      screen.getByText(
        'Deletes the organisation Hope Trust, with all its data. Your account stays with your other organisations Nora Comer and Harbour Hope.',
      ),
    ).toBeTruthy();
    const { deleted, stays } = dialogLists();
    expect(deleted).toHaveLength(2);
    expect(deleted[0]).toMatch(/^The organisation Hope Trust, with its posts/);
    expect(deleted.join(' ')).not.toMatch(/Your account/);
    expect(stays).toEqual([
      'Your account, with your other organisations Nora Comer and Harbour Hope: you will be logged out, and can log in again to use them.',
      "The accounts of Hope Trust's members who also belong to other organisations.",
    ]);
  });

  it("a member of several leaves this one only, and 'Error deleting acccount' shows", () => {
    render(
      <DataPrivacyView
        {...privacy}
        confirmingDeletion
        deletionPlan={{ kind: 'membership', organisation: 'Hope Trust', remaining: ['Own Org'] }}
        alert={{ level: 'danger', title: null, messages: ['Error deleting acccount'] }}
      />,
    );
    const { deleted, stays } = dialogLists();
    expect(deleted).toEqual([
      'Your access to Hope Trust, and the posts and drops you wrote in it.',
    ]);
    expect(stays).toEqual([
      'Your account, with your other organisation Own Org: you will be logged out, and can log in again to use it.',
      'Hope Trust itself and its other members.',
    ]);
    expect(screen.getByText('Error deleting acccount')).toBeTruthy();
  });

  it('a member of this organisation alone loses the account; the organisation stays', () => {
    render(
      <DataPrivacyView
        {...privacy}
        confirmingDeletion
        deletionPlan={{ kind: 'account', organisation: 'Hope Trust', remaining: [] }}
      />,
    );
    const { deleted, stays } = dialogLists();
    expect(deleted[0]).toBe(
      'Your account and your personal data: you will not be able to log in again.',
    );
    expect(stays).toEqual(['Hope Trust itself and its other members.']);
  });

  it('shows a visitor the information only, with the privacy policy and contact links', () => {
    render(
      <DataPrivacyView {...privacy} page="visitor" privacyPolicy={null} deletionPlan={null} />,
    );
    expect(screen.getByRole('heading', { name: 'Data Privacy' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What we keep' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /privacy policy/ }).getAttribute('href')).toBe(
      'https://givedrop.example/privacy',
    );
    expect(screen.queryByRole('button', { name: 'Download Personal Data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).toBeNull();
    expect(screen.queryByText('Privacy policy version')).toBeNull();
  });

  it('confirms a deletion once done, in words per outcome, with the way on', () => {
    const { rerender } = render(
      <DataPrivacyView {...privacy} page="deleted" deletedOutcome="organisationAndAccount" />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Account DeletedYour account and your organisation have been deleted, with all their data. You have been logged out.',
    );
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    rerender(<DataPrivacyView {...privacy} page="deleted" deletedOutcome="organisation" />);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Organisation DeletedThe organisation has been deleted, with all its data. Your account stays/,
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    rerender(<DataPrivacyView {...privacy} page="deleted" deletedOutcome="membership" />);
    expect(screen.getByRole('status').textContent).toMatch(/^Organisation LeftYou no longer/);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    rerender(<DataPrivacyView {...privacy} page="deleted" deletedOutcome="account" />);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Account DeletedYour account and your personal data have been deleted/,
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('shows a note instead of Delete Account when the machine says it is not offered; the download stays', async () => {
    const note =
      'Deleting the account is not available while you are viewing Givedrop as another user.';
    const onDownload = vi.fn();
    render(<DataPrivacyView {...privacy} deletionUnavailable={note} onDownload={onDownload} />);
    expect(screen.getByText(note)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).toBeNull();
    expect(screen.queryByText(/What will be deleted/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download Personal Data' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    expect(await violations(<DataPrivacyView {...privacy} deletionUnavailable={note} />)).toEqual(
      [],
    );
  });

  it('has no axe violations, with the dialog open too, for a visitor and once deleted', async () => {
    expect(await violations(<DataPrivacyView {...privacy} />)).toEqual([]);
    expect(await violations(<DataPrivacyView {...privacy} confirmingDeletion />)).toEqual([]);
    expect(await violations(<DataPrivacyView {...privacy} page="visitor" />)).toEqual([]);
    expect(
      await violations(<DataPrivacyView {...privacy} page="deleted" deletedOutcome="account" />),
    ).toEqual([]);
  });
});
