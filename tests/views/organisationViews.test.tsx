/**
 * The organisation screens' views (issue 18) rendered from plain props in the states their
 * machines can be in: New Organisation and Organisation Details with the spec's texts (§2.3, §5
 * Organisation, §8 Organisation), what the callbacks receive, the read-only view of a Standard
 * User, and axe-core's rules.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  NewOrganisationView,
  type NewOrganisationViewProps,
} from '../../src/features/newOrganisation/NewOrganisationView';
import {
  OrganisationDetailsView,
  type OrganisationDetailsViewProps,
} from '../../src/features/organisationDetails/OrganisationDetailsView';
import { dangerAlert } from './alerts';
import { axeViolations } from './axe';
import { DEMO_TENANTS } from '../../server/db/seedData';

const violations = (ui: ReactElement) => axeViolations(ui);

const logo = <p>Logo widget</p>;

function newProps(overrides: Partial<NewOrganisationViewProps> = {}): NewOrganisationViewProps {
  return {
    logo,
    logoBusy: false,
    busy: false,
    alert: null,
    onDismissAlert: vi.fn(),
    onSubmit: vi.fn(),
    ...overrides,
  };
}

const details = {
  name: 'Harbour Hope',
  ...DEMO_TENANTS.harbourHope.details,
};

function detailsProps(
  overrides: Partial<OrganisationDetailsViewProps> = {},
): OrganisationDetailsViewProps {
  return {
    loading: false,
    loadFailed: false,
    onRetry: vi.fn(),
    initialValues: details,
    canEdit: true,
    logo,
    logoUrl: '',
    logoBusy: false,
    saving: false,
    alert: null,
    onDismissAlert: vi.fn(),
    onSubmit: vi.fn(),
    ...overrides,
  };
}

describe('New Organisation', () => {
  it("shows the spec's fields, the logo and 'Create Organisation'; submits the trimmed values", async () => {
    const onSubmit = vi.fn();
    render(<NewOrganisationView {...newProps({ onSubmit })} />);
    expect(screen.getByRole('heading', { name: 'New Organisation' })).toBeTruthy();
    expect(screen.getByText('Logo widget')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company name'), '  Tide Table Trust ');
    await user.type(screen.getByLabelText('Email'), 'hello@tidetable.example');
    await user.type(screen.getByLabelText('Contact name'), 'Marcus Reed');
    await user.type(screen.getByLabelText('Contact phone'), '+44 7700 900456');
    await user.click(screen.getByRole('button', { name: 'Create Organisation' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Tide Table Trust',
      email: 'hello@tidetable.example',
      contactName: 'Marcus Reed',
      contactPhone: '+44 7700 900456',
    });
  });

  it('shows the spec §5 Organisation messages and submits nothing', async () => {
    const onSubmit = vi.fn();
    render(<NewOrganisationView {...newProps({ onSubmit })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Organisation' }));
    for (const text of [
      'Please enter the company name',
      'Please enter a company email address',
      'Please enter a contact name',
      'Please enter a contact phone',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows 'Creating...' while busy and 'Error creating new organisation'", () => {
    const failed = newProps({ busy: true, alert: dangerAlert('Error creating new organisation') });
    render(<NewOrganisationView {...failed} />);
    expect(screen.getByRole('button', { name: /Creating\.\.\./ })).toBeTruthy();
    expect(screen.getByText('Error creating new organisation')).toBeTruthy();
  });

  it('has no axe violations (empty, with errors, failed)', async () => {
    expect(await violations(<NewOrganisationView {...newProps()} />)).toEqual([]);
    const failed = newProps({ alert: dangerAlert('Error creating new organisation') });
    expect(await violations(<NewOrganisationView {...failed} />)).toEqual([]);
  });
});

describe('Organisation Details', () => {
  it('lets an Administrator edit and save the details', async () => {
    const onSubmit = vi.fn();
    render(<OrganisationDetailsView {...detailsProps({ onSubmit })} />);
    expect(screen.getByRole('heading', { name: 'Organisation Details' })).toBeTruthy();
    const user = userEvent.setup();
    const vat = screen.getByLabelText('VAT number');
    await user.clear(vat);
    await user.type(vat, 'GB000000000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...details, vatNumber: 'GB000000000' });
  });

  it('shows the messages of a bad form and saves nothing', async () => {
    const onSubmit = vi.fn();
    render(<OrganisationDetailsView {...detailsProps({ onSubmit })} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Company name'));
    await user.clear(screen.getByLabelText('Contact phone'));
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter the company name')).toBeTruthy();
    expect(screen.getByText('Please enter a contact phone')).toBeTruthy();
    expect(screen.getByText('Invalid URL')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a contact phone of words, as the server does (issue 31)', async () => {
    const onSubmit = vi.fn();
    render(<OrganisationDetailsView {...detailsProps({ onSubmit })} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Contact phone'));
    await user.type(screen.getByLabelText('Contact phone'), 'call me maybe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a contact phone')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a Standard User the details read-only, with the logo', () => {
    render(
      <OrganisationDetailsView
        {...detailsProps({ canEdit: false, logo: null, logoUrl: '/media/files/logo-1' })}
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('GB123456789')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Harbour Hope logo' }).getAttribute('src')).toBe(
      '/media/files/logo-1',
    );
    expect(
      screen.getByText("Only the organisation's Administrators can change its details."),
    ).toBeTruthy();
  });

  it("shows 'There was an error loading the data for this form' with Try again", async () => {
    const onRetry = vi.fn();
    render(
      <OrganisationDetailsView
        {...detailsProps({
          initialValues: null,
          loadFailed: true,
          onRetry,
          alert: dangerAlert(
            'There was an error loading the data for this form',
            'Error getting user details',
          ),
        })}
      />,
    );
    expect(screen.getByText('There was an error loading the data for this form')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows 'Saving...' and 'Organisation details updated'", () => {
    render(
      <OrganisationDetailsView
        {...detailsProps({
          saving: true,
          alert: { level: 'success', title: null, messages: ['Organisation details updated'] },
        })}
      />,
    );
    expect(screen.getByRole('button', { name: /Saving\.\.\./ })).toBeTruthy();
    expect(screen.getByText('Organisation details updated')).toBeTruthy();
  });

  it('has no axe violations (editable, read-only, loading)', async () => {
    expect(await violations(<OrganisationDetailsView {...detailsProps()} />)).toEqual([]);
    expect(
      await violations(
        <OrganisationDetailsView
          {...detailsProps({ canEdit: false, logo: null, logoUrl: '/media/files/logo-1' })}
        />,
      ),
    ).toEqual([]);
    expect(
      await violations(
        <OrganisationDetailsView {...detailsProps({ loading: true, initialValues: null })} />,
      ),
    ).toEqual([]);
  });
});
