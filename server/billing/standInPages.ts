/**
 * The development billing stand-in's pages: the checkout page (a test card form), the billing
 * portal, a one-off payment's pay page (a gift, issue 35) and the payments page (refund,
 * dispute). Server-rendered HTML without script: plain forms posted to the page's own URL. Labelled
 * fields, errors tied to their fields (aria-describedby, aria-invalid) and announced (role=alert).
 */
import { escapeHtml } from '../mail/templates';
import type { StandInPaymentRow } from '../db/schema';
import type { InvoiceInfo } from './provider';
import {
  STAND_IN_PLAN,
  STAND_IN_PROMOTION_CODES,
  TEST_CARDS,
  type CardErrors,
  type CardInput,
  type CheckoutView,
  type PortalView,
} from './standIn';
import { formatDateTime } from '../../contract/dateTime';
import { formatCodeAmount, formatMoney } from '../../contract/money';

const STYLE = [
  ':root { color-scheme: light; }',
  'body { font-family: system-ui, sans-serif; margin: 0; padding: 1.5rem; color: #1b1b1b; background: #f6f7f9; line-height: 1.5; }',
  'main { max-width: 30rem; margin: 0 auto; background: #fff; border-radius: .75rem; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.08); }',
  'h1 { font-size: 1.35rem; margin-top: 0; } h2 { font-size: 1.05rem; margin-top: 1.5rem; }',
  '.note { background: #eef4ff; border-left: 4px solid #2f5fd0; padding: .75rem 1rem; border-radius: .25rem; font-size: .95rem; }',
  'dl.summary { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; } dl.summary dd { margin: 0; text-align: right; }',
  '.total { font-weight: 700; }',
  'label { display: block; margin-top: .9rem; font-weight: 600; }',
  'input { width: 100%; box-sizing: border-box; padding: .6rem; font: inherit; margin-top: .25rem; border: 1px solid #767676; border-radius: .35rem; }',
  'input[aria-invalid="true"] { border-color: #b3261e; }',
  '.row { display: flex; gap: 1rem; } .row > div { flex: 1; }',
  '.field-error { color: #b3261e; margin: .25rem 0 0; font-size: .95rem; }',
  '.alert { color: #7a1710; background: #fdecea; border: 1px solid #b3261e; padding: .75rem 1rem; border-radius: .35rem; }',
  'button { margin-top: 1.25rem; padding: .65rem 1.25rem; font: inherit; font-weight: 600; cursor: pointer; border-radius: .35rem; border: 1px solid #1d4ab8; background: #1d4ab8; color: #fff; }',
  'button.secondary { background: #fff; color: #1d4ab8; }',
  'a { color: #1d4ab8; } :focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }',
  'table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: .4rem .25rem; border-bottom: 1px solid #ddd; }',
  'main.wide { max-width: 60rem; } .scroll { overflow-x: auto; } td form { display: inline; } td button { margin: 0 .25rem .25rem 0; padding: .35rem .75rem; }',
  '.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }',
].join('\n');

function page(title: string, body: string, wide = false): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    `</head><body><main${wide ? ' class="wide"' : ''}>`,
    body,
    '</main></body></html>',
  ].join('\n');
}

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const NOTE = [
  '<p class="note">Development stand-in for the card payment provider: no real payment is taken.',
  `Test cards: <strong>${spaced(TEST_CARDS.succeeds)}</strong> succeeds;`,
  `${spaced(TEST_CARDS.declined)} is declined; ${spaced(TEST_CARDS.insufficientFunds)} has insufficient funds.`,
  'Any future expiry date (MM / YY) and any 3 digit security code.</p>',
].join(' ');

function field(input: {
  id: keyof CardInput;
  label: string;
  value: string;
  error: string | undefined;
  autocomplete: string;
  inputmode?: string;
  placeholder?: string;
}): string {
  const errorId = `${input.id}-error`;
  return [
    '<div>',
    `<label for="${input.id}">${input.label}</label>`,
    `<input id="${input.id}" name="${input.id}" value="${escapeHtml(input.value)}" required autocomplete="${input.autocomplete}"`,
    input.inputmode === undefined ? '' : ` inputmode="${input.inputmode}"`,
    input.placeholder === undefined ? '' : ` placeholder="${input.placeholder}"`,
    input.error === undefined ? '>' : ` aria-invalid="true" aria-describedby="${errorId}">`,
    input.error === undefined
      ? ''
      : `<p class="field-error" id="${errorId}">${escapeHtml(input.error)}</p>`,
    '</div>',
  ].join('');
}

/** The test card form, posted to the page's own URL; `pay` is its button's text. */
function cardForm(values: CardInput, errors: CardErrors, pay: string): string {
  return [
    '<form method="post" novalidate>',
    '<h2>Card details</h2>',
    field({
      id: 'number',
      label: 'Card number',
      value: values.number,
      error: errors.number,
      autocomplete: 'cc-number',
      inputmode: 'numeric',
      placeholder: '4242 4242 4242 4242',
    }),
    '<div class="row">',
    field({
      id: 'expiry',
      label: 'Expiry (MM / YY)',
      value: values.expiry,
      error: errors.expiry,
      autocomplete: 'cc-exp',
      placeholder: '12 / 34',
    }),
    field({
      id: 'cvc',
      label: 'Security code',
      value: values.cvc,
      error: errors.cvc,
      autocomplete: 'cc-csc',
      inputmode: 'numeric',
    }),
    '</div>',
    field({
      id: 'name',
      label: 'Name on card',
      value: values.name,
      error: errors.name,
      autocomplete: 'cc-name',
    }),
    `<button type="submit">${escapeHtml(pay)}</button>`,
    '</form>',
  ].join('\n');
}

/** The declined card's alert and the form's, as both checkout pages show them. */
function cardAlerts(errors: CardErrors, declined: string | undefined): string {
  return [
    declined === undefined ? '' : `<p class="alert" role="alert">${escapeHtml(declined)}</p>`,
    Object.keys(errors).length > 0
      ? '<p class="alert" role="alert">Please correct the card details below.</p>'
      : '',
  ].join('\n');
}

export interface CheckoutPageInput {
  view: CheckoutView;
  cancelUrl: string;
  values?: CardInput;
  errors?: CardErrors;
  declined?: string | undefined;
}

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const { view } = input;
  const values = input.values ?? { number: '', expiry: '', cvc: '', name: view.customer.name };
  const errors = input.errors ?? {};
  const currency = view.session.currency;
  const summary = [
    '<dl class="summary">',
    `<dt>${escapeHtml(STAND_IN_PLAN.description)}</dt><dd>${formatCodeAmount(view.subtotal, currency)}</dd>`,
    view.promotion === null
      ? ''
      : `<dt>Promotion code ${escapeHtml(view.promotion.code)}</dt><dd>-${formatCodeAmount(view.discount, currency)}</dd>`,
    `<dt class="total">Due today, then monthly</dt><dd class="total">${formatCodeAmount(view.session.amountTotal, currency)}</dd>`,
    '</dl>',
  ].join('');
  return page(
    'Checkout (development stand-in)',
    [
      '<h1>Subscribe to Givedrop</h1>',
      `<p>Billed to <strong>${escapeHtml(view.customer.name)}</strong>.</p>`,
      summary,
      NOTE,
      cardAlerts(errors, input.declined),
      cardForm(values, errors, `Pay ${formatCodeAmount(view.session.amountTotal, currency)}`),
      `<p><a href="${escapeHtml(input.cancelUrl)}">Cancel and return to Givedrop</a></p>`,
    ].join('\n'),
  );
}

export interface PaymentPageInput {
  payment: StandInPaymentRow;
  values?: CardInput;
  errors?: CardErrors;
  declined?: string | undefined;
}

/** A one-off payment's checkout: what is paid for, the amount, the test card form, Cancel. */
export function renderPaymentPage(input: PaymentPageInput): string {
  const { payment } = input;
  const values = input.values ?? { number: '', expiry: '', cvc: '', name: '' };
  const errors = input.errors ?? {};
  const amount = formatMoney(payment.amount, payment.currency);
  return page(
    'Payment (development stand-in)',
    [
      `<h1>${escapeHtml(payment.description)}</h1>`,
      '<dl class="summary">',
      `<dt>${escapeHtml(payment.description)}</dt><dd>${amount}</dd>`,
      `<dt class="total">Total due today</dt><dd class="total">${amount}</dd>`,
      '</dl>',
      payment.customerEmail === null
        ? ''
        : `<p>The receipt goes to <strong>${escapeHtml(payment.customerEmail)}</strong>.</p>`,
      NOTE,
      cardAlerts(errors, input.declined),
      cardForm(values, errors, `Pay ${amount}`),
      `<p><a href="${escapeHtml(payment.cancelUrl)}">Cancel and return to Givedrop</a></p>`,
    ].join('\n'),
  );
}

export function renderGonePage(message: string, backUrl: string | null): string {
  return page(
    'Checkout (development stand-in)',
    [
      '<h1>This page is no longer available</h1>',
      `<p>${escapeHtml(message)}</p>`,
      backUrl === null ? '' : `<p><a href="${escapeHtml(backUrl)}">Return to Givedrop</a></p>`,
    ].join('\n'),
  );
}

/** Spec §9's one format (dd/MM/yyyy HH:mm, en-GB), in UTC: the server has no reader's zone. */
const day = (date: Date | null) =>
  date === null ? '-' : (formatDateTime(date.toISOString(), 'UTC') ?? '-');

function invoiceRows(invoices: InvoiceInfo[]): string {
  if (invoices.length === 0) return '<p>There are no invoices.</p>';
  return [
    '<table><thead><tr><th scope="col">#</th><th scope="col">Date</th><th scope="col">Total</th><th scope="col">PDF</th></tr></thead><tbody>',
    ...invoices.map(
      (invoice) =>
        `<tr><td>${escapeHtml(invoice.number)}</td><td>${day(invoice.created)}</td><td>${formatCodeAmount(invoice.total, invoice.currency)}</td><td><a href="${escapeHtml(invoice.pdfUrl)}">Invoice ${escapeHtml(invoice.number)} (PDF)</a></td></tr>`,
    ),
    '</tbody></table>',
  ].join('\n');
}

/** A payment's status in words: open (or expired) until paid. */
function paymentStatusOf(status: string): string {
  if (status !== 'complete') return status === 'expired' ? 'Expired' : 'Open';
  return 'Paid';
}

function paymentFlags(payment: StandInPaymentRow): string {
  const flags = [payment.refunded ? 'Refunded' : '', payment.disputed ? 'Disputed' : ''];
  const shown = flags.filter((flag) => flag !== '');
  return shown.length === 0 ? '-' : shown.join(', ');
}

function paymentActions(payment: StandInPaymentRow, status: string): string {
  if (status !== 'complete' || payment.paymentId === null) return '';
  const which = `<span class="visually-hidden"> ${escapeHtml(payment.description)}, ${formatMoney(payment.amount, payment.currency)}, ${day(payment.createdAt)}</span>`;
  const button = (action: string, text: string) =>
    [
      '<form method="post">',
      `<input type="hidden" name="paymentId" value="${escapeHtml(payment.paymentId ?? '')}">`,
      `<button type="submit" name="action" value="${action}" class="secondary">${text}${which}</button>`,
      '</form>',
    ].join('');
  return [
    payment.refunded ? '' : button('refund', 'Refund'),
    payment.disputed ? '' : button('dispute', 'Dispute'),
  ]
    .filter((form) => form !== '')
    .join(' ');
}

/**
 * The stand-in's one-off payments, newest first, with Refund and Dispute (each once) on the paid
 * ones; `statusOf` says an open payment past its expiry is expired.
 */
export function renderPaymentsPage(
  payments: StandInPaymentRow[],
  statusOf: (payment: StandInPaymentRow) => string,
  notice?: string,
): string {
  const rows = payments.map((payment) => {
    const status = statusOf(payment);
    return [
      '<tr>',
      `<td>${day(payment.createdAt)}</td>`,
      `<td>${escapeHtml(payment.description)}</td>`,
      `<td>${formatMoney(payment.amount, payment.currency)}</td>`,
      `<td>${paymentStatusOf(status)}</td>`,
      `<td>${paymentFlags(payment)}</td>`,
      `<td>${paymentActions(payment, status)}</td>`,
      '</tr>',
    ].join('');
  });
  return page(
    'Payments (development stand-in)',
    [
      '<h1>Payments</h1>',
      '<p class="note">Development stand-in for the card payment provider\'s one-off payments: refund or dispute a paid one, as the provider would tell Givedrop.</p>',
      notice === undefined ? '' : `<p role="status">${escapeHtml(notice)}</p>`,
      rows.length === 0
        ? '<p>There are no payments yet.</p>'
        : [
            '<div class="scroll" role="region" aria-label="Payments, newest first" tabindex="0">',
            '<table><thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Refunded / disputed</th><th scope="col">Actions</th></tr></thead><tbody>',
            ...rows,
            '</tbody></table></div>',
          ].join('\n'),
    ].join('\n'),
    true,
  );
}

export function renderPortalPage(view: PortalView, notice?: string): string {
  const subscriptions = view.subscriptions.map((subscription) => {
    const live = subscription.status !== 'canceled';
    const state = !live
      ? `Canceled on ${day(subscription.canceledAt)}.`
      : subscription.cancelAtPeriodEnd
        ? `Active; cancels at the end of the period, on ${day(subscription.currentPeriodEnd)}.`
        : `Active; renews on ${day(subscription.currentPeriodEnd)}.`;
    return [
      `<h2>${escapeHtml(STAND_IN_PLAN.description)}</h2>`,
      `<p>${formatCodeAmount(subscription.amount, subscription.currency)} a month. ${state}</p>`,
      live
        ? [
            '<form method="post">',
            `<input type="hidden" name="subscriptionId" value="${escapeHtml(subscription.id)}">`,
            subscription.cancelAtPeriodEnd
              ? '<button type="submit" name="action" value="resume">Keep the subscription</button>'
              : '<button type="submit" name="action" value="cancel" class="secondary">Cancel at the end of the period</button>',
            ' <button type="submit" name="action" value="advance" class="secondary">Advance to the next period (development)</button>',
            '</form>',
          ].join('\n')
        : '',
    ].join('\n');
  });
  return page(
    'Billing portal (development stand-in)',
    [
      '<h1>Billing</h1>',
      `<p>${escapeHtml(view.customer.name)}</p>`,
      '<p class="note">Development stand-in for the card payment provider\'s billing portal.</p>',
      notice === undefined ? '' : `<p role="status">${escapeHtml(notice)}</p>`,
      subscriptions.length === 0 ? '<p>There is no subscription.</p>' : subscriptions.join('\n'),
      '<h2>Invoices</h2>',
      invoiceRows(view.invoices),
      `<p><a href="${escapeHtml(view.returnUrl)}">Return to Givedrop</a></p>`,
    ].join('\n'),
  );
}

/** The codes the stand-in knows, for the README and the pages. */
export const PROMOTION_CODE_LIST = STAND_IN_PROMOTION_CODES.map((code) => code.code);
