import { describe, expect, it } from 'vitest';
import { giftAmountProblem, giftBounds, giftTexts, suggestedGifts } from '../../contract/gifts';

describe('a gift’s amount (minor units)', () => {
  it('is bounded from one to ten thousand of the major unit', () => {
    expect(giftBounds('gbp')).toEqual({ min: 100, max: 1_000_000 });
    expect(giftBounds('jpy')).toEqual({ min: 100, max: 10_000 });
    expect(giftBounds('kwd')).toEqual({ min: 1000, max: 10_000_000 });
  });

  it('suggests 5, 10, 25 and 50 of the major unit (¥500 upwards)', () => {
    expect(suggestedGifts('gbp')).toEqual([500, 1000, 2500, 5000]);
    expect(suggestedGifts('jpy')).toEqual([500, 1000, 2500, 5000]);
    expect(suggestedGifts('kwd')).toEqual([5000, 10_000, 25_000, 50_000]);
  });

  it('says why an amount is refused, in the form’s words', () => {
    expect(giftAmountProblem(1000, 'gbp')).toBeNull();
    expect(giftAmountProblem(99, 'gbp')).toBe('The smallest gift is £1.00');
    expect(giftAmountProblem(1_000_001, 'gbp')).toBe('The largest gift is £10,000.00');
    expect(giftAmountProblem(10.5, 'gbp')).toBe(giftTexts.amountNotWhole('gbp'));
    expect(giftTexts.amountNotWhole('gbp')).toBe('Enter an amount with at most 2 decimals');
    expect(giftTexts.amountNotWhole('jpy')).toBe('Enter a whole amount');
  });
});
