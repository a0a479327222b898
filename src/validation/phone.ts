/**
 * Phone numbers (spec §2.3 Signup, §5): a country picker (default GB, spec §9) plus the national
 * number, parsed and validated with libphonenumber-js, sent as E.164. Pure, no IO.
 */
import {
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';
import { DEFAULT_PHONE_COUNTRY } from '../../contract/lists';
import type { RuleResult } from './formStruct';

/** What the phone field holds: the chosen country, the number as typed, and its E.164 form. */
export interface PhoneValue {
  /** ISO 3166-1 alpha-2 ('GB'). */
  country: string;
  /** As typed ('07911 123456'); a number starting with '+' overrides the country. */
  national: string;
  /** '+447911123456' when the typed number parses, '' when empty or unparseable. */
  e164: string;
}

export const phoneMessages = {
  invalid: 'Please enter a valid phone number',
} as const;

export const EMPTY_PHONE: PhoneValue = { country: DEFAULT_PHONE_COUNTRY, national: '', e164: '' };

function asCountry(country: string): CountryCode | undefined {
  return isSupportedCountry(country) ? country : undefined;
}

/** The E.164 form of a number typed for `country`, or '' when it cannot be parsed. */
export function toE164(national: string, country: string): string {
  if (national.trim() === '') return '';
  return parsePhoneNumberFromString(national, asCountry(country))?.number ?? '';
}

/** A phone value with its E.164 form worked out. */
export function phoneValue(country: string, national: string): PhoneValue {
  return { country, national, e164: toE164(national, country) };
}

/** libphonenumber-js' check for the chosen country (a '+' number is checked on its own). */
export function isValidPhone(national: string, country: string): boolean {
  const code = asCountry(country);
  return national.trim().startsWith('+') || code !== undefined
    ? isValidPhoneNumber(national, code)
    : false;
}

/** Optional but valid: empty passes, anything else must be a valid number for the country. */
export function optionalPhoneRule(value: unknown): RuleResult {
  if (typeof value !== 'object' || value === null) return true;
  const { country, national } = value as Partial<PhoneValue>;
  if (typeof national !== 'string' || national.trim() === '') return true;
  return isValidPhone(national, typeof country === 'string' ? country : DEFAULT_PHONE_COUNTRY)
    ? true
    : phoneMessages.invalid;
}

/**
 * The field's value for a stored E.164 number ('' gives the empty field with the default
 * country): the number's own country and its national form.
 */
export function phoneFromE164(e164: string): PhoneValue {
  if (e164.trim() === '') return EMPTY_PHONE;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return { country: DEFAULT_PHONE_COUNTRY, national: e164, e164 };
  const country = parsed.country ?? DEFAULT_PHONE_COUNTRY;
  return {
    country,
    national: parsed.country ? parsed.formatNational() : e164,
    e164: parsed.number,
  };
}
