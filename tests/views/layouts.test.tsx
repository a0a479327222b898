import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppLayoutView } from '../../src/views/layouts/AppLayoutView';
import { FullPageLayoutView } from '../../src/views/layouts/FullPageLayoutView';
import { PublicLayoutView } from '../../src/views/layouts/PublicLayoutView';
import { SIGNAL_WAIT } from '../support/ceilings';
import { layoutUser } from './samplePosts';

const user = layoutUser({ fullName: 'Ann Smith', handle: 'ann_smith' });

function renderApp(
  pathname: string,
  changes: Partial<typeof user> = {},
  content = 'Screen content',
) {
  return render(
    <AppLayoutView
      pathname={pathname}
      user={{ ...user, ...changes }}
      clientVersion="1.0.1"
      onSwitchOrganisation={vi.fn()}
    >
      <p>{content}</p>
    </AppLayoutView>,
  );
}

/** A signed-in full-page layout around `children`; returns its back handler. */
function renderFullPage(children: ReactNode = <p>Screen content</p>) {
  const onBack = vi.fn();
  render(
    <FullPageLayoutView onBack={onBack} signedIn>
      {children}
    </FullPageLayoutView>,
  );
  return onBack;
}

/** The text a screen reader reads: aria-hidden parts (the initials beside a name) left out. */
function spokenText(node: Node): string {
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return [...node.childNodes].map(spokenText).join('');
}

function linkNames(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((link) => [spokenText(link), link.getAttribute('href')]);
}

function currentIn(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map(spokenText);
}

function expectSkipLinkAndMain() {
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip.getAttribute('href')).toBe('#main');
  const main = screen.getByRole('main');
  expect(main.id).toBe('main');
  expect(within(main).getByText('Screen content')).toBeTruthy();
}

describe('PublicLayoutView', () => {
  it("offers 'Login' and 'Sign up' to signed-out visitors", () => {
    render(
      <PublicLayoutView signedIn={false}>
        <p>Screen content</p>
      </PublicLayoutView>,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Givedrop' }).getAttribute('href')).toBe('/');
    expect(within(banner).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(banner).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/start-signup',
    );
    expectSkipLinkAndMain();
  });

  it('shows only the logo in the header when signed in', () => {
    render(
      <PublicLayoutView signedIn>
        <p>Screen content</p>
      </PublicLayoutView>,
    );
    const banner = screen.getByRole('banner');
    expect(
      within(banner)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/']);
    expectSkipLinkAndMain();
  });
});

describe('FullPageLayoutView', () => {
  it('has a back button, the logo and a menu with Data Privacy and Logout', async () => {
    const onBack = renderFullPage();
    expectSkipLinkAndMain();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Givedrop' }).getAttribute('href')).toBe('/');

    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Data Privacy' })).toBeNull();
    await userEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Data Privacy' }).getAttribute('href')).toBe(
      '/data-privacy',
    );
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
  });

  it('has no back button when there is nowhere to go back to (onboarding step 2)', () => {
    render(
      <FullPageLayoutView signedIn>
        <p>Screen content</p>
      </FullPageLayoutView>,
    );
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Givedrop' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('offers a visitor Data Privacy but not Logout', async () => {
    render(
      <FullPageLayoutView onBack={vi.fn()} signedIn={false}>
        <p>Screen content</p>
      </FullPageLayoutView>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('link', { name: 'Data Privacy' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
  });

  it('closes the menu with Escape and gives focus back to the menu button', async () => {
    renderFullPage();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Data Privacy' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Data Privacy' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it('closes the menu when focus leaves it', async () => {
    renderFullPage(<button type="button">Elsewhere</button>);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Logout' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
  });

  it('closes the menu on a click outside it', async () => {
    renderFullPage();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('link', { name: 'Logout' })).toBeTruthy();
    await userEvent.click(screen.getByText('Screen content'));
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull();
  });
});

describe('AppLayoutView', () => {
  it('has the header logo, a skip link and the main landmark', () => {
    renderApp('/feed');
    expect(
      within(screen.getByRole('banner'))
        .getByRole('link', { name: 'Givedrop' })
        .getAttribute('href'),
    ).toBe('/');
    expect(within(screen.getByRole('banner')).getByText('Hope Trust')).toBeTruthy();
    expectSkipLinkAndMain();
  });

  it('lists the side navigation as Create, Home, Following, Search, Profile', () => {
    renderApp('/feed');
    expect(linkNames(screen.getByRole('navigation', { name: 'Main' }))).toEqual([
      ['Create', '/create-info'],
      ['Home', '/'],
      ['Following', '/following'],
      ['Search', '/search'],
      ['Profile', '/account/profile'],
    ]);
  });

  it('lists the bottom bar as home, following, create, search, profile, each with a name', () => {
    renderApp('/feed');
    const bottom = screen.getByRole('navigation', { name: 'Bottom navigation' });
    expect(linkNames(bottom)).toEqual([
      ['Home', '/'],
      ['Following', '/following'],
      ['Create', '/create-info'],
      ['Search', '/search'],
      ['Profile', '/account/profile'],
    ]);
    for (const name of ['Home', 'Following', 'Create', 'Search', 'Profile']) {
      expect(within(bottom).getByRole('link', { name })).toBeTruthy();
    }
  });

  it.each([
    ['/', 'Home'],
    ['/feed', 'Home'],
    ['/dashboard', 'Home'],
    ['/account/profile', 'Profile'],
    ['/account/preferences', 'Profile'],
    ['/profile', 'Profile'],
    ['/following', 'Following'],
    ['/search', 'Search'],
    ['/create-info', 'Create'],
    ['/create-post', 'Create'],
    ['/create-drop', 'Create'],
  ])('on %s both navigations mark %s as the current page', (pathname, expected) => {
    renderApp(pathname);
    expect(currentIn(screen.getByRole('navigation', { name: 'Main' }))).toEqual([expected]);
    expect(currentIn(screen.getByRole('navigation', { name: 'Bottom navigation' }))).toEqual([
      expected,
    ]);
  });

  it('marks nothing on a path outside the navigation', () => {
    renderApp('/users');
    expect(currentIn(screen.getByRole('navigation', { name: 'Main' }))).toEqual([]);
    expect(currentIn(screen.getByRole('navigation', { name: 'Bottom navigation' }))).toEqual([]);
  });

  it('opens the account settings menu with its items in order', async () => {
    renderApp('/feed');
    const accountButton = screen.getByRole('button', { name: 'AS, Account settings' });
    expect(accountButton.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(accountButton);
    expect(accountButton.getAttribute('aria-expanded')).toBe('true');
    const popover = document.getElementById(accountButton.getAttribute('aria-controls') ?? '');
    expect(popover).not.toBeNull();
    const items = within(popover as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => {
        const control = item.querySelector('a, button');
        return [control?.textContent, control?.getAttribute('href')];
      });
    expect(items).toEqual([
      // The organisations (issue 18): New Organisation for everyone; no switcher with one.
      ['New Organisation', '/account/organisation/new'],
      ['Personal Information', '/account/personal-details'],
      ['Data Privacy', '/account/data-privacy'],
      ['Change Password', '/account/change-password'],
      ['Preferences', '/account/preferences'],
      ['Logout', '/logout'],
      ['About', null],
    ]);
    expect(within(popover as HTMLElement).getByText('Ann Smith')).toBeTruthy();
    expect(within(popover as HTMLElement).getByText('@ann_smith')).toBeTruthy();
  });

  it('lists Change Password only for an Email login (spec §2.2)', async () => {
    renderApp('/feed', { canChangePassword: false }, 'Feed');
    await userEvent.click(screen.getByRole('button', { name: 'AS, Account settings' }));
    expect(screen.queryByRole('link', { name: 'Change Password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Preferences' })).toBeTruthy();
  });

  it('lists Users (/users) for an Administrator, before Logout', async () => {
    renderApp('/feed', { canManageUsers: true }, 'Feed');
    await userEvent.click(screen.getByRole('button', { name: 'AS, Account settings' }));
    const links = screen.getAllByRole('link').filter((l) => l.closest('ul')?.closest('[id]'));
    expect(links.map((l) => l.textContent).slice(-2)).toEqual(['Users', 'Logout']);
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/users');
  });

  it('lists Admin (/admin) for a host Administrator only, before Logout', async () => {
    const { unmount } = renderApp('/feed');
    await userEvent.click(screen.getByRole('button', { name: 'AS, Account settings' }));
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    unmount();
    renderApp('/feed', { canManageUsers: true, canAdminister: true }, 'Feed');
    await userEvent.click(screen.getByRole('button', { name: 'AS, Account settings' }));
    const links = screen.getAllByRole('link').filter((l) => l.closest('ul')?.closest('[id]'));
    expect(links.map((l) => l.textContent).slice(-3)).toEqual(['Users', 'Admin', 'Logout']);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('About shows the client version in a dialog that OK closes', async () => {
    renderApp('/feed');
    await userEvent.click(screen.getByRole('button', { name: 'AS, Account settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'About' }));
    expect(screen.queryByRole('button', { name: 'About' })).toBeNull();
    // The dialog's code loads when About is first chosen.
    const dialog = await screen.findByRole('dialog', { name: 'About Givedrop' }, SIGNAL_WAIT);
    expect(within(dialog).getByText('Givedrop version 1.0.1')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('Givedrop version 1.0.1')).toBeNull();
  });

  it('About closes with Escape', async () => {
    renderApp('/feed');
    await userEvent.click(screen.getByRole('button', { name: 'AS, Account settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'About' }));
    within(await screen.findByRole('dialog', { name: 'About Givedrop' }, SIGNAL_WAIT))
      .getByRole('button', { name: 'OK' })
      .focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Givedrop version 1.0.1')).toBeNull();
  });

  it('shows the initials when the user has no picture, and the picture otherwise', () => {
    const { unmount } = renderApp('/feed');
    // The initials are visible text: the button's name starts with them (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: 'AS, Account settings' }).textContent).toBe('AS');
    unmount();
    renderApp('/', { avatarUrl: 'https://example.org/ann.png' }, 'Screen content');
    const button = screen.getByRole('button', { name: 'Account settings' });
    expect(button.textContent).toBe('');
    expect(button.querySelector('img')?.getAttribute('src')).toBe('https://example.org/ann.png');
  });

  it("shows the person's picture, or their initials, as the Profile item of both navigations", () => {
    const { unmount } = renderApp('/feed');
    for (const name of ['Main', 'Bottom navigation']) {
      const profile = within(screen.getByRole('navigation', { name })).getByRole('link', {
        name: 'Profile',
      });
      expect(profile.textContent).toBe('ASProfile');
      expect(profile.querySelector('img')).toBeNull();
    }
    unmount();
    renderApp('/account/profile', { avatarUrl: 'https://example.org/ann.png' }, 'Screen content');
    for (const name of ['Main', 'Bottom navigation']) {
      const profile = within(screen.getByRole('navigation', { name })).getByRole('link', {
        name: 'Profile',
      });
      expect(profile.querySelector('img')?.getAttribute('src')).toBe('https://example.org/ann.png');
      expect(profile.getAttribute('aria-current')).toBe('page');
    }
  });
});

describe('AdminAreaView (spec §2.3 Admin)', () => {
  it('shows the admin side menu with the current item marked, and the page beside it', async () => {
    const { AdminAreaView } = await import('../../src/views/layouts/AdminAreaView');
    render(
      <AdminAreaView
        items={[
          { label: 'Email Templates', href: '/admin/email-templates', current: false },
          { label: 'Reports', href: '/admin/reports', current: true },
        ]}
      >
        <p>Coming soon</p>
      </AdminAreaView>,
    );
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Admin', 'Email Templates', 'Reports']);
    expect(within(nav).getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('link', { name: 'Email Templates' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.getByText('Coming soon')).toBeTruthy();
  });
});
