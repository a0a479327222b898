/**
 * The admin lists' views (issue 19) from plain props: the users list with Impersonate (never for
 * oneself), the organisations list with its switches and confirm dialog, the search and the pager,
 * and axe-core's rules (jsdom: colour contrast is left to the e2e checks in Chromium).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { UserRole } from '../../contract/enums';
import {
  AdminOrganisationsView,
  type AdminOrganisationsViewProps,
} from '../../src/views/screens/AdminOrganisationsView';
import { AdminUsersView, type AdminUsersViewProps } from '../../src/views/screens/AdminUsersView';

async function violations(ui: ReactElement) {
  const { container, unmount } = render(<main>{ui}</main>);
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  unmount();
  return result.violations.map((v) => v.id);
}

const page = { page: 1, pageCount: 3, totalCount: 45, hasPrevious: false, hasNext: true };

const usersProps = (overrides: Partial<AdminUsersViewProps> = {}): AdminUsersViewProps => ({
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  search: '',
  onSearch: vi.fn(),
  users: [
    {
      id: 1,
      firstName: 'Olivia',
      lastName: 'Harper',
      email: 'owner@example.com',
      isHost: true,
      lastLoginDate: null,
      organisations: [
        { id: 1, name: 'Harbour Hope', userRole: UserRole.Administrator, owner: true },
      ],
      canImpersonate: false,
    },
    {
      id: 2,
      firstName: 'Marcus',
      lastName: 'Reed',
      email: 'member@example.com',
      isHost: false,
      lastLoginDate: '2026-11-20T09:30:00.000Z',
      organisations: [{ id: 1, name: 'Harbour Hope', userRole: UserRole.User, owner: false }],
      canImpersonate: true,
    },
  ],
  page,
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  impersonatingId: null,
  onImpersonate: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
  ...overrides,
});

describe('AdminUsersView', () => {
  it('lists every user with organisations and last login, Impersonate for others only', async () => {
    const props = usersProps();
    render(<AdminUsersView {...props} />);
    const rows = within(screen.getByRole('region', { name: 'All users' })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Never');
    expect(rows[1]?.textContent).toContain('You');
    expect(rows[2]?.textContent).toContain('Harbour Hope (Standard User)');
    expect(screen.getAllByRole('button', { name: /^Impersonate/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Impersonate Marcus Reed' }));
    expect(props.onImpersonate).toHaveBeenCalledWith(2);
  });

  it('sends the search as it is typed and pages within the total', async () => {
    const props = usersProps();
    render(<AdminUsersView {...props} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'm');
    expect(props.onSearch).toHaveBeenCalledWith('m');
    expect(screen.getByText('45 users · page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(props.onNext).toHaveBeenCalledTimes(1);
  });

  it("shows 'Error impersonating user.' as the machine words it", () => {
    render(
      <AdminUsersView
        {...usersProps({
          alert: { level: 'danger', title: null, messages: ['Error impersonating user.'] },
        })}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error impersonating user.');
  });

  it('has no axe violations', async () => {
    expect(await violations(<AdminUsersView {...usersProps()} />)).toEqual([]);
  });
});

const organisationsProps = (
  overrides: Partial<AdminOrganisationsViewProps> = {},
): AdminOrganisationsViewProps => ({
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  search: '',
  onSearch: vi.fn(),
  organisations: [
    {
      id: 1,
      name: 'Harbour Hope',
      accountType: 'Charity',
      ownerName: 'Olivia Harper',
      ownerEmail: 'owner@example.com',
      memberCount: 2,
      enabled: true,
      sendingEmailsEnabled: false,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  page: { ...page, totalCount: 1, pageCount: 1, hasNext: false },
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  onSwitch: vi.fn(),
  confirmation: null,
  onConfirm: vi.fn(),
  onCancel: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
  ...overrides,
});

describe('AdminOrganisationsView', () => {
  it('asks for the opposite of each switch', async () => {
    const props = organisationsProps();
    render(<AdminOrganisationsView {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Disable Harbour Hope' }));
    expect(props.onSwitch).toHaveBeenCalledWith({ id: 1, switch: 'enabled', value: false });
    await userEvent.click(screen.getByRole('button', { name: 'Turn on emails for Harbour Hope' }));
    expect(props.onSwitch).toHaveBeenCalledWith({ id: 1, switch: 'sendingEmails', value: true });
  });

  it('confirms in a dialog, which cancels too', async () => {
    const props = organisationsProps({
      confirmation: {
        title: 'Disable organisation',
        text: 'Disable Harbour Hope? Nobody can sign into it, and everyone signed into it is signed out.',
        confirmLabel: 'Disable',
        danger: true,
        busy: false,
      },
    });
    render(<AdminOrganisationsView {...props} />);
    const dialog = screen.getByRole('dialog', { name: 'Disable organisation' });
    expect(dialog.textContent).toContain('Nobody can sign into it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations', async () => {
    expect(await violations(<AdminOrganisationsView {...organisationsProps()} />)).toEqual([]);
  });
});
