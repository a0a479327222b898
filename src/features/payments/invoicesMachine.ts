import { formatDateTime } from '../../../contract/dateTime';
import { formatCodeAmount } from '../../../contract/money';
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { paymentTexts, type GetInvoicesRequest, type Invoice } from '../../../contract/payments';
import { notProvided } from '../../machines/notProvided';

/** Spec §2.3 Subscription / Invoices: the table's texts. */
export const invoicesTexts = {
  empty: 'There are no invoices',
  loadFailed: paymentTexts.invoicesFailed,
} as const;

export interface InvoicesInput {
  /** The organisation's customer at the payment provider; null when it has none (no invoices). */
  customerId: string | null;
}

export interface InvoicesContext {
  customerId: string | null;
  invoices: Invoice[];
}

export type InvoicesEvent = { type: 'retry' };

export const invoicesMachine = setup({
  types: {
    context: {} as InvoicesContext,
    events: {} as InvoicesEvent,
    input: {} as InvoicesInput,
  },
  actors: {
    /** POST stripe/getInvoices {customerId}: the customer's invoices, newest first. */
    getInvoices: fromPromise<Invoice[], GetInvoicesRequest>(async () => notProvided('getInvoices')),
  },
  guards: {
    hasCustomer: ({ context }) => context.customerId !== null,
  },
  actions: {
    assignInvoices: assign((_, invoices: Invoice[]) => ({ invoices })),
  },
}).createMachine({
  id: 'invoices',
  description:
    "Spec §2.3 Subscription / Invoices: the invoice table (#, Date, Status, Total as the currency in upper case plus the amount to 2 decimals, Download: the PDF in a new tab); 'There are no invoices' when empty; 'Error getting invoices' (spec §8) with a retry.",
  context: ({ input }) => ({ customerId: input.customerId, invoices: [] }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Whether the organisation has a customer at the payment provider.',
      always: [
        {
          guard: 'hasCustomer',
          target: 'loading',
          description: 'It has one: its invoices are fetched.',
        },
        {
          target: 'ready',
          description: "No customer yet (nobody has subscribed): 'There are no invoices'.",
        },
      ],
    },
    loading: {
      description: "POST stripe/getInvoices with the organisation's customer id.",
      invoke: {
        id: 'getInvoices',
        src: 'getInvoices',
        input: ({ context }) => ({ customerId: context.customerId ?? '' }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignInvoices', params: ({ event }) => event.output },
          description: "The table, or 'There are no invoices' when the list is empty.",
        },
        onError: { target: 'loadFailed', description: "'Error getting invoices'." },
      },
    },
    loadFailed: {
      description: "'Error getting invoices'; the person may try again.",
      on: { retry: { target: 'loading', description: 'Try loading the invoices again.' } },
    },
    ready: {
      description: "The invoice table, or 'There are no invoices'.",
    },
  },
});

export type InvoicesSnapshot = SnapshotFrom<typeof invoicesMachine>;

/** One row of the invoice table, as the screen shows it. */
export interface InvoiceRow {
  number: string;
  /** dd/MM/yyyy HH:mm (spec §9, en-GB). */
  date: string;
  status: string;
  /** The currency in upper case plus the amount to 2 decimals: 'GBP 12.00'. */
  total: string;
  /** The PDF (opened in a new tab); null when the provider has none yet. */
  pdfUrl: string | null;
}

/**
 * dd/MM/yyyy HH:mm of an ISO date in the browser's zone ('' when it is not a date): spec §9's
 * one format, from the one formatter (issue 34: invoices said dd/MM/yyyy, the feed more).
 */
export function formatDay(iso: string): string {
  return formatDateTime(iso) ?? '';
}

/** Spec §2.3: the currency in upper case plus the amount to 2 decimals ('GBP 12.00'). */
export const formatTotal = (currency: string, total: number): string =>
  formatCodeAmount(total, currency);

export const invoiceRowOf = (invoice: Invoice): InvoiceRow => ({
  number: invoice.invoiceNumber,
  date: formatDay(invoice.created),
  status: invoice.status,
  total: formatTotal(invoice.currency, invoice.total),
  pdfUrl: invoice.invoicePdf === '' ? null : invoice.invoicePdf,
});

export const selectInvoicesLoading = (s: InvoicesSnapshot) =>
  s.matches('loading') || s.matches('starting');
export const selectInvoicesLoadFailed = (s: InvoicesSnapshot) => s.matches('loadFailed');
const rowsOf = new WeakMap<Invoice[], InvoiceRow[]>();
/** The rows of the table (empty until loaded); the same array while the invoices are the same. */
export function selectInvoiceRows(s: InvoicesSnapshot): InvoiceRow[] {
  const invoices = s.context.invoices;
  let rows = rowsOf.get(invoices);
  if (!rows) {
    rows = invoices.map(invoiceRowOf);
    rowsOf.set(invoices, rows);
  }
  return rows;
}
/** 'There are no invoices': loaded, and none. */
export const selectNoInvoices = (s: InvoicesSnapshot) =>
  s.matches('ready') && s.context.invoices.length === 0;
