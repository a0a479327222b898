/**
 * Generated paths of the invoices machine, checked against a model written from spec §2.3
 * Subscription / Invoices and §8: with a customer, its invoices load from stripe/getInvoices
 * ('Error getting invoices' with a retry); without one there are none ('There are no
 * invoices'); each row shows #, Date (dd/MM/yyyy HH:mm, spec §9), Status, Total (the currency upper case plus
 * the amount to 2 decimals) and the PDF to download.
 */
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../contract/payments';
import {
  formatTotal,
  invoicesMachine,
  invoicesTexts,
  selectInvoiceRows,
  selectInvoicesLoadFailed,
  selectInvoicesLoading,
  selectNoInvoices,
  type InvoicesInput,
  type InvoicesSnapshot,
} from '../../../src/features/payments/invoicesMachine';
import type { FakePromises, SpecState } from '../../support/pathHarness';
import { withFakePromises, settled } from '../../support/pathHarness';
import { loadEditSaveState, loadStep } from '../../support/loadModel';
import { describePathsForInputs } from '../../support/pathsWithInputs';

const three: Invoice[] = [
  {
    invoiceNumber: 'GD0001-0003',
    created: '2026-05-01T12:00:00.000Z',
    status: 'paid',
    currency: 'gbp',
    total: 1200,
    invoicePdf: 'http://localhost/api/dev/billing/invoices/3.pdf',
  },
  {
    invoiceNumber: 'GD0001-0002',
    created: '2026-04-01T12:00:00.000Z',
    status: 'open',
    currency: 'eur',
    total: 950,
    invoicePdf: '',
  },
  {
    invoiceNumber: '',
    created: '2026-03-01T12:00:00.000Z',
    status: 'draft',
    currency: 'usd',
    total: 123457,
    invoicePdf: 'http://localhost/api/dev/billing/invoices/1.pdf',
  },
];
/** Spec §9's dd/MM/yyyy HH:mm of an instant in this machine's zone, written out by hand. */
function shown(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
/** The rows as spec §2.3 shows them, written out. */
const threeRows = [
  {
    number: 'GD0001-0003',
    date: shown('2026-05-01T12:00:00.000Z'),
    status: 'paid',
    total: 'GBP 12.00',
    pdfUrl: 'http://localhost/api/dev/billing/invoices/3.pdf',
  },
  {
    number: 'GD0001-0002',
    date: shown('2026-04-01T12:00:00.000Z'),
    status: 'open',
    total: 'EUR 9.50',
    pdfUrl: null,
  },
  {
    number: '',
    date: shown('2026-03-01T12:00:00.000Z'),
    status: 'draft',
    total: 'USD 1234.57',
    pdfUrl: 'http://localhost/api/dev/billing/invoices/1.pdf',
  },
];

type Phase = 'loading' | 'loadFailed' | 'ready';
interface Model {
  phase: Phase;
  rows: typeof threeRows;
  calls: { name: string; input: unknown }[];
}
const start = (input: InvoicesInput): Model =>
  input.customerId === null
    ? { phase: 'ready', rows: [], calls: [] }
    : {
        phase: 'loading',
        rows: [],
        calls: [{ name: 'getInvoices', input: { customerId: input.customerId } }],
      };
let model: Model;

function next(m: Model, event: { type: string; output?: unknown }, input: InvoicesInput): Model {
  return (
    loadStep(m, event, {
      actor: 'getInvoices',
      loaded: (m, output) => ({
        ...m,
        phase: 'ready',
        rows: (output as Invoice[]).length ? threeRows : [],
      }),
      call: { name: 'getInvoices', input: { customerId: input.customerId } },
    }) ?? m
  );
}

/**
 * The spec's table of the invoice table's states (the model's phase names them): loading (POST
 * stripe/getInvoices with the customer id), loadFailed ('Error getting invoices', with a retry),
 * ready (the table, or 'There are no invoices' — at once when there is no customer). The flow
 * never ends.
 */
const state = (): SpecState => loadEditSaveState(model);

function expectShown(s: InvoicesSnapshot, calls: FakePromises['calls']) {
  expect(selectInvoicesLoading(s)).toBe(model.phase === 'loading');
  expect(selectInvoicesLoadFailed(s)).toBe(model.phase === 'loadFailed');
  expect(selectInvoiceRows(s)).toEqual(model.rows);
  expect(selectNoInvoices(s)).toBe(model.phase === 'ready' && model.rows.length === 0);
  expect(calls).toEqual(model.calls);
}

await describePathsForInputs<{ promises: FakePromises }, InvoicesInput>({
  machine: invoicesMachine,
  unhandled: true,
  inputs: [
    { name: 'a customer', input: { customerId: 'cus_1' } },
    { name: 'no customer yet', input: { customerId: null } },
  ],
  build: withFakePromises(invoicesMachine, 'getInvoices'),
  events: [{ type: 'retry' }, ...settled('getInvoices', [three, []], [new Error('network down')])],
  afterStep: ({ event, snapshot }, { promises }, input) => {
    model = next(model, event, input);
    expectShown(snapshot as InvoicesSnapshot, promises.calls);
  },
  spec: {
    initial: (_spies, input) => {
      model = start(input);
      return state();
    },
    after: state,
  },
  afterPath: (plan, { promises }, _p, input) => {
    if (plan.steps.length === 0) expect(promises.calls).toEqual(start(input).calls);
  },
});

describe('the invoice table', () => {
  it('has the spec texts', () => {
    expect(invoicesTexts).toEqual({
      empty: 'There are no invoices',
      loadFailed: 'Error getting invoices',
    });
  });

  it('shows totals as the currency in upper case plus the amount to 2 decimals', () => {
    expect(formatTotal('gbp', 1200)).toBe('GBP 12.00');
    expect(formatTotal('gbp', 0)).toBe('GBP 0.00');
    expect(formatTotal('eur', 50)).toBe('EUR 0.50');
    expect(formatTotal('jpy', 1200)).toBe('JPY 1200.00');
  });

  it('keeps the same rows while the invoices are the same (no re-render)', () => {
    const snapshot = { context: { invoices: three } } as unknown as InvoicesSnapshot;
    expect(selectInvoiceRows(snapshot)).toBe(selectInvoiceRows(snapshot));
  });
});
