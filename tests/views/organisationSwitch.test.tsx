// @vitest-environment jsdom
/**
 * The organisation switcher (issue 18; spec §4 Session: tenant switch): a person with more than
 * one organisation finds them in the account settings menu and in the account area's heading,
 * the current one marked; choosing another asks the app to switch. Written from the issue's
 * words, not read from the views.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { UserRole } from '../../contract/enums';
import { layoutUser } from '../../src/app/layouts/layoutUser';
import { AccountAreaFrame } from '../../src/shared/AccountAreaFrame';
import { organisationChoices, SwitchOrganisationContext } from '../../src/shared/organisations';
import { AppLayoutView } from '../../src/views/layouts/AppLayoutView';
import { makeUser } from '../support/fixtures';
import { useInkCanvas, violationsIn } from './axe';

useInkCanvas();

const HARBOUR = makeUser().currentTenant;
const RIVERSIDE = {
  id: 7,
  guid: 'tenant-guid-7',
  name: 'Riverside Appeal',
  userRole: UserRole.User,
  owner: false,
  tenantAccountType: 'Individual' as const,
};
const member = makeUser({ tenants: [HARBOUR, RIVERSIDE] });
const single = makeUser({ tenants: [HARBOUR] });

function inRouter(ui: ReactElement) {
  const { hook } = memoryLocation({ path: '/account/preferences' });
  return <Router hook={hook}>{ui}</Router>;
}

const violations = violationsIn;

describe('which organisations the switcher lists', () => {
  it("lists the person's organisations, the current one marked, when they have several", () => {
    expect(organisationChoices(member)).toEqual([
      { id: HARBOUR.id, name: 'Harbour Hope', current: true },
      { id: 7, name: 'Riverside Appeal', current: false },
    ]);
  });
  it('lists nothing for a person with one organisation', () => {
    expect(organisationChoices(single)).toEqual([]);
    expect(layoutUser(single).organisations).toEqual([]);
  });
});

describe('the account settings menu', () => {
  function renderMenu(user = member, onSwitch = vi.fn()) {
    render(
      inRouter(
        <AppLayoutView
          pathname="/feed"
          user={layoutUser(user)}
          clientVersion="1.0.1"
          onSwitchOrganisation={onSwitch}
        >
          <p>Feed</p>
        </AppLayoutView>,
      ),
    );
    return onSwitch;
  }

  it('lists the organisations in a labelled group; choosing another one asks for the switch', async () => {
    const onSwitch = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'OH, Account settings' }));
    const group = screen.getByRole('group', { name: 'Organisations' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-current')])).toEqual([
      ['Harbour Hope', 'true'],
      ['Riverside Appeal', null],
    ]);
    expect(await violations(document.body)).toEqual([]);
    await userEvent.click(within(group).getByRole('button', { name: 'Riverside Appeal' }));
    expect(onSwitch).toHaveBeenCalledWith(7);
    // Choosing closes the menu.
    expect(screen.queryByRole('group', { name: 'Organisations' })).toBeNull();
  });

  it('is operable from the keyboard', async () => {
    const onSwitch = renderMenu();
    screen.getByRole('button', { name: 'OH, Account settings' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Riverside Appeal');
    await userEvent.keyboard('{Enter}');
    expect(onSwitch).toHaveBeenCalledWith(7);
  });

  it('offers New Organisation to everyone, and no switcher to a person with one organisation', async () => {
    renderMenu(single);
    await userEvent.click(screen.getByRole('button', { name: 'OH, Account settings' }));
    const group = screen.getByRole('group', { name: 'Organisations' });
    expect(within(group).queryAllByRole('button')).toEqual([]);
    expect(within(group).getByRole('link', { name: 'New Organisation' }).getAttribute('href')).toBe(
      '/account/organisation/new',
    );
    expect(screen.getByRole('link', { name: 'Personal Information' })).toBeTruthy();
  });
});

describe("the account area's heading", () => {
  function renderArea(user = member) {
    const onSwitch = vi.fn();
    const { container } = render(
      <main>
        <SwitchOrganisationContext.Provider value={onSwitch}>
          {inRouter(
            <AccountAreaFrame user={user} path="/account/preferences">
              <h1>Preferences</h1>
            </AccountAreaFrame>,
          )}
        </SwitchOrganisationContext.Provider>
      </main>,
    );
    return { onSwitch, container };
  }

  it("offers the person's organisations beside the current one's name and badge", async () => {
    const { onSwitch, container } = renderArea();
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(within(nav).getByText('Harbour Hope')).toBeTruthy();
    expect(within(nav).getByText('Charity Account')).toBeTruthy();
    await userEvent.click(within(nav).getByRole('button', { name: 'Switch organisation' }));
    const group = within(nav).getByRole('group', { name: 'Your organisations' });
    expect(
      within(group).getByRole('button', { name: 'Harbour Hope' }).getAttribute('aria-current'),
    ).toBe('true');
    expect(await violations(container)).toEqual([]);
    await userEvent.click(within(group).getByRole('button', { name: 'Riverside Appeal' }));
    expect(onSwitch).toHaveBeenCalledWith(7);
  });

  it('has no switcher for a person with one organisation', () => {
    renderArea(single);
    expect(screen.queryByRole('button', { name: 'Switch organisation' })).toBeNull();
  });
});
