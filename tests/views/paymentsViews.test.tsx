/**
 * The Subscription / Invoices and Integration views (issue 18 items 4 and 5) rendered from plain
 * props in the states their machines can be in: the spec's texts (§2.3, §8), what the callbacks
 * receive, and axe-core's rules (jsdom: colour contrast is left to the e2e checks in Chromium).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IntegrationView,
  type IntegrationViewProps,
} from '../../src/features/integration/IntegrationView';
import {
  InvoicesTable,
  PaymentsView,
  type InvoicesTableProps,
  type PaymentsViewProps,
} from '../../src/features/payments/PaymentsView';
import { dangerAlert, expectRetryAlert } from './alerts';
import { axeViolations } from './axe';

const violations = (ui: ReactElement) => axeViolations(ui);

const rows = [
  {
    number: 'GD0001-0003',
    date: '01/05/2026',
    status: 'paid',
    total: 'GBP 12.00',
    pdfUrl: 'http://localhost/invoices/3.pdf',
  },
  { number: 'GD0001-0002', date: '01/04/2026', status: 'open', total: 'GBP 12.00', pdfUrl: null },
];
const table = (over: Partial<InvoicesTableProps> = {}): InvoicesTableProps => ({
  loading: false,
  loadFailed: false,
  loadFailedText: 'Error getting invoices',
  onRetry: vi.fn(),
  rows,
  empty: false,
  emptyText: 'There are no invoices',
  ...over,
});
const payments = (over: Partial<PaymentsViewProps> = {}): PaymentsViewProps => ({
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
  statusText: 'trialing until 15/06/2026',
  canSubscribe: false,
  plan: null,
  canManage: false,
  busy: false,
  validatingCode: false,
  startingCheckout: false,
  openingPortal: false,
  promotion: null,
  promotionErrors: null,
  onApplyPromotion: vi.fn(),
  onRemovePromotion: vi.fn(),
  onSubscribe: vi.fn(),
  onManage: vi.fn(),
  invoices: <InvoicesTable {...table()} />,
  ...over,
});

describe('Subscription / Invoices', () => {
  it('shows the status in words and the invoice table with its five columns', () => {
    render(<PaymentsView {...payments()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription / Invoices' })).toBeTruthy();
    expect(screen.getByText('trialing until 15/06/2026')).toBeTruthy();
    const tableEl = screen.getByRole('table');
    expect(
      within(tableEl)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Date', 'Status', 'Total', 'Download']);
    const [, first, second] = within(tableEl).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'GD0001-0003',
      '01/05/2026',
      'paid',
      'GBP 12.00',
      'Download invoice GD0001-0003 (opens in a new tab)',
    ]);
    const link = within(first!).getByRole('link', { name: /invoice GD0001-0003/ });
    expect(link.getAttribute('href')).toBe('http://localhost/invoices/3.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    // No PDF yet: no link.
    expect(within(second!).queryByRole('link')).toBeNull();
  });

  it('gives a Standard User no subscribe or portal controls', () => {
    render(<PaymentsView {...payments()} />);
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
    expect(screen.queryByLabelText(/Promotional code/)).toBeNull();
  });

  it('shows the plan and its price before Subscribe, when there is one', () => {
    const { rerender } = render(
      <PaymentsView
        {...payments({
          canSubscribe: true,
          plan: { name: 'Givedrop subscription, monthly', price: '£12.00 a month' },
        })}
      />,
    );
    const facts = screen.getByRole('region', { name: 'Subscription' }).querySelector('dl')!;
    expect(within(facts).getByText('Plan').nextElementSibling?.textContent).toBe(
      'Givedrop subscription, monthly',
    );
    expect(within(facts).getByText('Price').nextElementSibling?.textContent).toBe('£12.00 a month');
    rerender(<PaymentsView {...payments({ canSubscribe: true })} />);
    expect(screen.queryByText('Price')).toBeNull();
  });

  it('lets an Administrator apply a promotional code, then subscribe', async () => {
    const user = userEvent.setup();
    const props = payments({ canSubscribe: true });
    const { rerender } = render(<PaymentsView {...props} />);
    await user.type(screen.getByLabelText(/Promotional code/), 'WELCOME20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(props.onApplyPromotion).toHaveBeenCalledWith('WELCOME20');
    rerender(
      <PaymentsView
        {...props}
        promotion={{ promotionalCode: 'WELCOME20', description: '20% off' }}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('WELCOME20: 20% off');
    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(props.onRemovePromotion).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(props.onSubscribe).toHaveBeenCalledTimes(1);
  });

  it('shows a refused code on its field, and the busy texts', () => {
    const { rerender } = render(
      <PaymentsView
        {...payments({
          canSubscribe: true,
          promotionErrors: ['This promotional code is not valid.'],
        })}
      />,
    );
    const field = screen.getByLabelText(/Promotional code/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This promotional code is not valid.')).toBeTruthy();
    rerender(
      <PaymentsView {...payments({ canSubscribe: true, busy: true, startingCheckout: true })} />,
    );
    expect(screen.getByText('Opening checkout...')).toBeTruthy();
  });

  it('waits while busy: Subscribe and Manage send nothing', async () => {
    const user = userEvent.setup();
    const props = payments({
      canSubscribe: true,
      canManage: true,
      busy: true,
      validatingCode: true,
    });
    render(<PaymentsView {...props} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    expect(props.onSubscribe).not.toHaveBeenCalled();
    expect(props.onManage).not.toHaveBeenCalled();
  });

  it('offers an Administrator of a customer the billing portal', async () => {
    const user = userEvent.setup();
    const props = payments({ canManage: true, statusText: 'active until 01/07/2026' });
    render(<PaymentsView {...props} />);
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    expect(props.onManage).toHaveBeenCalledTimes(1);
  });

  it("says 'There are no invoices', and 'Error getting invoices' with a retry", async () => {
    const { rerender } = render(<InvoicesTable {...table({ rows: [], empty: true })} />);
    expect(screen.getByText('There are no invoices')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const failed = table({ rows: [], loadFailed: true });
    rerender(<InvoicesTable {...failed} />);
    await expectRetryAlert('Error getting invoices', failed.onRetry);
    rerender(<InvoicesTable {...table({ loading: true })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading, please wait...');
  });

  it("says 'Error getting subscription status' with a retry", async () => {
    const props = payments({
      loadFailed: true,
      alert: dangerAlert('Error getting subscription status'),
    });
    render(<PaymentsView {...props} />);
    expect(screen.queryByRole('table')).toBeNull();
    await expectRetryAlert('Error getting subscription status', props.onRetry);
  });

  it('has no axe violations, for an Administrator and a Standard User', async () => {
    expect(await violations(<PaymentsView {...payments()} />)).toEqual([]);
    expect(
      await violations(
        <PaymentsView
          {...payments({
            canSubscribe: true,
            canManage: true,
            promotionErrors: ['This promotional code is not valid.'],
            alert: {
              level: 'info',
              title: null,
              messages: ['The checkout was canceled: nothing was charged.'],
            },
          })}
        />,
      ),
    ).toEqual([]);
  });
});

const integration = (over: Partial<IntegrationViewProps> = {}): IntegrationViewProps => ({
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  alert: null,
  onDismissAlert: vi.fn(),
  facts: {
    provider: 'Development stand-in',
    customerExists: true,
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    subscriptionStatus: 'active',
  },
  canOpenPortal: false,
  openingPortal: false,
  onOpenPortal: vi.fn(),
  ...over,
});

describe('Integration', () => {
  it('lists the customer and the subscription', () => {
    render(<IntegrationView {...integration()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Integration' })).toBeTruthy();
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      'Payment provider': 'Development stand-in',
      Customer: 'Exists',
      'Customer id': 'cus_1',
      'Subscription id': 'sub_1',
      'Subscription status': 'active',
    });
    expect(screen.queryByRole('button', { name: 'Open billing portal' })).toBeNull();
  });

  it('says when there is no customer yet', () => {
    render(
      <IntegrationView
        {...integration({
          facts: {
            provider: 'Stripe',
            customerExists: false,
            customerId: null,
            subscriptionId: null,
            subscriptionStatus: null,
          },
        })}
      />,
    );
    expect(screen.getByText('Not created yet')).toBeTruthy();
    expect(screen.getAllByText('None')).toHaveLength(3);
  });

  it('opens the billing portal for an Administrator', async () => {
    const user = userEvent.setup();
    const props = integration({ canOpenPortal: true });
    const { rerender } = render(<IntegrationView {...props} />);
    await user.click(screen.getByRole('button', { name: 'Open billing portal' }));
    expect(props.onOpenPortal).toHaveBeenCalledTimes(1);
    rerender(<IntegrationView {...props} openingPortal />);
    expect(screen.getByText('Opening billing portal...')).toBeTruthy();
  });

  it("says 'Error getting subscription status' with a retry, and has no axe violations", async () => {
    const failed = integration({
      loadFailed: true,
      facts: null,
      alert: dangerAlert('Error getting subscription status'),
    });
    render(<IntegrationView {...failed} />);
    await expectRetryAlert('Error getting subscription status', failed.onRetry);
    expect(await violations(<IntegrationView {...integration({ canOpenPortal: true })} />)).toEqual(
      [],
    );
  });
});
