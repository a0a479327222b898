/**
 * Money, the same on the client and the server: an amount is a safe integer in the currency's
 * minor unit (1200 for GBP 12.00, 1200 for JPY 1,200) and a currency is an ISO 4217 code, lower
 * case as payment providers give it. Nothing stores, sends or adds amounts in major units; they
 * exist only in the words shown to a person.
 */
import { integer, pattern, refine, string } from 'superstruct';

/** Currencies without a minor unit (the payment provider's list). */
const ZERO_DECIMAL = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '),
);
/** Currencies with three decimals. */
const THREE_DECIMAL = new Set('bhd jod kwd omr tnd'.split(' '));

/** An amount in minor units: a whole number, never negative, exact in a double. */
export const MinorAmount = refine(
  integer(),
  'minorAmount',
  (value) =>
    (value >= 0 && Number.isSafeInteger(value)) ||
    'An amount is a whole number of the currency’s minor unit',
);

/** An ISO 4217 currency code, lower case ('gbp'). */
export const CurrencyCode = pattern(string(), /^[a-z]{3}$/);

/** How many decimals the currency's major unit has (2 for GBP, 0 for JPY, 3 for KWD). */
export function minorUnitDigits(currency: string): number {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  return THREE_DECIMAL.has(code) ? 3 : 2;
}

/** Major units, for words and for a form's number: 1200 gbp → 12. */
export const toMajorUnits = (minor: number, currency: string): number =>
  minor / 10 ** minorUnitDigits(currency);

/**
 * Minor units of a major amount a person typed (12.5 gbp → 1250), or null when it has more
 * decimals than the currency has (12.345 gbp) or is not a finite number.
 */
export function toMinorUnits(major: number, currency: string): number | null {
  if (!Number.isFinite(major)) return null;
  const scaled = major * 10 ** minorUnitDigits(currency);
  const minor = Math.round(scaled);
  // Within a rounding error of a whole number: 0.1 + 0.2 style doubles are still exact amounts.
  if (Math.abs(scaled - minor) > 1e-6 || !Number.isSafeInteger(minor)) return null;
  return minor;
}

/**
 * Spec §2.3's invoice form: the currency in upper case plus the amount to 2 decimals
 * ('GBP 12.00'); a currency with three decimals keeps its third ('KWD 1.250').
 */
export function formatCodeAmount(minor: number, currency: string): string {
  const digits = Math.max(2, minorUnitDigits(currency));
  return `${currency.toUpperCase()} ${toMajorUnits(minor, currency).toFixed(digits)}`;
}

/** An amount as English words it ('£12.00', '¥1,200'); the invoice form for a code Intl lacks. */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(
      toMajorUnits(minor, currency),
    );
  } catch {
    return formatCodeAmount(minor, currency);
  }
}
