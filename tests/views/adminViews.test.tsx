/**
 * The admin lists' views (issue 19) from plain props: the users list with Impersonate (never for
 * oneself), the organisations list with its switches and confirm dialog, the search and the pager,
 * and axe-core's rules (jsdom: colour contrast is left to the e2e checks in Chromium).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserRole } from '../../contract/enums';
import {
  AdminOrganisationsView,
  type AdminOrganisationsViewProps,
} from '../../src/features/adminOrganisations/AdminOrganisationsView';
import {
  AdminUsersView,
  type AdminUsersViewProps,
} from '../../src/features/adminUsers/AdminUsersView';
import { dangerAlert, expectRetryAlert } from './alerts';
import { axeViolations } from './axe';

const violations = (ui: ReactElement) => axeViolations(ui);

const page = {
  page: 1,
  pageCount: 3,
  totalCount: 45,
  hasPrevious: false,
  hasNext: true,
  busy: false,
};

/** What both admin lists are given when loaded, with no search and no alert; spies for the rest. */
const loadedList = () => ({
  loading: false,
  pageLoading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  search: '',
  onSearch: vi.fn(),
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
});

const usersProps = (overrides: Partial<AdminUsersViewProps> = {}): AdminUsersViewProps => ({
  ...loadedList(),
  users: [
    {
      id: 1,
      firstName: 'Olivia',
      lastName: 'Harper',
      email: 'owner@example.com',
      isHost: true,
      lastLogin: { kind: 'text', text: 'Never' },
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
      lastLogin: { kind: 'date', iso: '2026-11-20T09:30:00.000Z' },
      organisations: [{ id: 1, name: 'Harbour Hope', userRole: UserRole.User, owner: false }],
      canImpersonate: true,
    },
  ],
  page,
  impersonatingId: null,
  onImpersonate: vi.fn(),
  ...overrides,
});

const ON_PAGE_2 = { page: 2, hasPrevious: true };

/** Renders the users list on the given page and presses `name` with the keyboard. */
async function pressPageButton(name: 'Previous' | 'Next', at: Partial<typeof page> = {}) {
  const props = usersProps({ page: { ...page, ...at } });
  const { rerender } = render(<AdminUsersView {...props} />);
  const button = screen.getByRole('button', { name }) as HTMLButtonElement;
  button.focus();
  await userEvent.keyboard('{Enter}');
  return { props, rerender, button };
}

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

  it('counts one user as one (issue 34: not "1 users")', () => {
    const props = usersProps();
    render(
      <AdminUsersView
        {...props}
        page={{ ...props.page, totalCount: 1, pageCount: 1, hasNext: false }}
      />,
    );
    expect(screen.getByText('1 user · page 1 of 1')).toBeTruthy();
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

  it("shows 'Loading, please wait...' on the first load, not an empty list", () => {
    render(<AdminUsersView {...usersProps({ loading: true, pageLoading: true, users: [] })} />);
    expect(screen.getByRole('status').textContent).toContain('Loading, please wait...');
    expect(screen.queryByRole('region', { name: 'All users' })).toBeNull();
    expect(screen.queryByText('No users found.')).toBeNull();
  });

  it("shows the load failure's text ('Error loading users') with Try again", async () => {
    const props = usersProps({ loadFailed: true, alert: dangerAlert('Error loading users') });
    render(<AdminUsersView {...props} />);
    expect(screen.queryByRole('region', { name: 'All users' })).toBeNull();
    await expectRetryAlert('Error loading users', props.onRetry);
  });

  it('keeps the focus on Next while the page loads (busy, not disabled)', async () => {
    const { props, rerender, button: next } = await pressPageButton('Next');
    expect(props.onNext).toHaveBeenCalledTimes(1);
    const loading = { ...page, page: 2, hasPrevious: true, busy: true };
    rerender(<AdminUsersView {...props} pageLoading page={loading} />);
    expect(next.disabled).toBe(false);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(next);
    // A busy button ignores presses.
    await userEvent.keyboard('{Enter}');
    expect(props.onNext).toHaveBeenCalledTimes(1);
    rerender(<AdminUsersView {...props} page={{ ...loading, busy: false }} />);
    expect(document.activeElement).toBe(next);
  });

  it('moves the focus to Previous when Next lands on the last page', async () => {
    const { props, rerender, button: next } = await pressPageButton('Next', ON_PAGE_2);
    expect(props.onNext).toHaveBeenCalledTimes(1);
    const last = { ...page, page: 3, hasPrevious: true, hasNext: false, busy: true };
    rerender(<AdminUsersView {...props} pageLoading page={last} />);
    expect(next.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
    rerender(<AdminUsersView {...props} page={{ ...last, busy: false }} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
  });

  it('moves the focus to Next when Previous lands on the first page', async () => {
    const { props, rerender, button: previous } = await pressPageButton('Previous', ON_PAGE_2);
    expect(props.onPrevious).toHaveBeenCalledTimes(1);
    rerender(<AdminUsersView {...props} pageLoading page={{ ...page, busy: true }} />);
    expect(previous.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('has no axe violations', async () => {
    expect(await violations(<AdminUsersView {...usersProps()} />)).toEqual([]);
  });
});

const organisationsProps = (
  overrides: Partial<AdminOrganisationsViewProps> = {},
): AdminOrganisationsViewProps => ({
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
  onSwitch: vi.fn(),
  confirmation: null,
  onConfirm: vi.fn(),
  onCancel: vi.fn(),
  ...loadedList(),
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

  it("shows 'Loading, please wait...' on the first load", () => {
    render(
      <AdminOrganisationsView {...organisationsProps({ loading: true, organisations: [] })} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading, please wait...');
    expect(screen.queryByText('No organisations found.')).toBeNull();
  });

  it("shows the load failure's text ('Error loading organisations') with Try again", async () => {
    const props = organisationsProps({
      loadFailed: true,
      alert: dangerAlert('Error loading organisations'),
    });
    render(<AdminOrganisationsView {...props} />);
    await expectRetryAlert('Error loading organisations', props.onRetry);
  });

  it('has no axe violations', async () => {
    expect(await violations(<AdminOrganisationsView {...organisationsProps()} />)).toEqual([]);
  });
});
