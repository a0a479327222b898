import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import {
  CurrencyCode,
  formatCodeAmount,
  formatMoney,
  MinorAmount,
  minorUnitDigits,
  toMajorUnits,
  toMinorUnits,
} from '../../contract/money';

describe('money in minor units', () => {
  it('knows how many decimals a currency has', () => {
    expect(minorUnitDigits('gbp')).toBe(2);
    expect(minorUnitDigits('GBP')).toBe(2);
    expect(minorUnitDigits('jpy')).toBe(0);
    expect(minorUnitDigits('kwd')).toBe(3);
  });

  it('turns minor units into major ones and back, exactly', () => {
    expect(toMajorUnits(1200, 'gbp')).toBe(12);
    expect(toMajorUnits(1200, 'jpy')).toBe(1200);
    expect(toMajorUnits(1250, 'kwd')).toBe(1.25);
    expect(toMinorUnits(12.5, 'gbp')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'gbp')).toBe(30);
    expect(toMinorUnits(19.99, 'gbp')).toBe(1999);
    expect(toMinorUnits(1200, 'jpy')).toBe(1200);
  });

  it('refuses a major amount finer than the currency’s minor unit, or no number', () => {
    expect(toMinorUnits(12.345, 'gbp')).toBeNull();
    expect(toMinorUnits(1.5, 'jpy')).toBeNull();
    expect(toMinorUnits(Number.NaN, 'gbp')).toBeNull();
    expect(toMinorUnits(Number.POSITIVE_INFINITY, 'gbp')).toBeNull();
    expect(toMinorUnits(1e300, 'gbp')).toBeNull();
  });

  it('writes the invoice form (spec §2.3) and the words a person reads', () => {
    expect(formatCodeAmount(1200, 'gbp')).toBe('GBP 12.00');
    expect(formatCodeAmount(5, 'eur')).toBe('EUR 0.05');
    expect(formatCodeAmount(1250, 'kwd')).toBe('KWD 1.250');
    expect(formatMoney(1200, 'gbp')).toBe('£12.00');
    expect(formatMoney(1200, 'jpy')).toBe('JP¥1,200');
    expect(formatMoney(1200, 'zzz')).toMatch(/^ZZZ\s?12\.00$/);
  });

  it('validates amounts and codes as the contract sends them', () => {
    expect(is(1200, MinorAmount)).toBe(true);
    expect(is(0, MinorAmount)).toBe(true);
    expect(is(12.5, MinorAmount)).toBe(false);
    expect(is(-1, MinorAmount)).toBe(false);
    expect(is(2 ** 60, MinorAmount)).toBe(false);
    expect(is('1200', MinorAmount)).toBe(false);
    expect(is('gbp', CurrencyCode)).toBe(true);
    expect(is('GBP', CurrencyCode)).toBe(false);
    expect(is('gb', CurrencyCode)).toBe(false);
  });
});
