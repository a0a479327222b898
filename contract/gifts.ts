/**
 * Giving to a Drop (issue 35, beyond the spec): the amount and message a giver chooses, the
 * checkout at the payment provider, and what a gift looks like afterwards to its giver and to the
 * charity. Amounts are integers in the currency's minor unit (contract/money.ts); a gift counts
 * only once the provider confirms it.
 */
import {
  boolean,
  enums,
  integer,
  nullable,
  object,
  optional,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { CurrencyCode, formatMoney, MinorAmount, minorUnitDigits } from './money';
import type { AmountBounds } from './drops';

/** A gift's message to the charity. */
export const GIFT_MESSAGE_MAX = 500;

/**
 * A gift's statuses: pending until the provider confirms the payment; cancelled when its
 * checkout expires unpaid; refunded or disputed when the payment is taken back (no longer
 * counted).
 */
export const GIFT_STATUSES = ['pending', 'confirmed', 'cancelled', 'refunded', 'disputed'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

/** 1 to 10,000 of the currency's major unit (at least 100 minor units, as ¥100). */
export function giftBounds(currency: string): AmountBounds {
  const unit = 10 ** minorUnitDigits(currency);
  return { min: Math.max(100, unit), max: 10_000 * unit };
}

/** The amounts the Give form suggests: 5, 10, 25 and 50 of the major unit (500 upwards for ¥). */
export function suggestedGifts(currency: string): number[] {
  const unit = 10 ** minorUnitDigits(currency);
  const scale = unit === 1 ? 100 : unit;
  return [5, 10, 25, 50].map((major) => major * scale);
}

export const giftTexts = {
  amountRequired: 'Choose or enter an amount',
  amountNotWhole: (currency: string) =>
    minorUnitDigits(currency) === 0
      ? 'Enter a whole amount'
      : `Enter an amount with at most ${minorUnitDigits(currency)} decimals`,
  amountTooSmall: (currency: string) =>
    `The smallest gift is ${formatMoney(giftBounds(currency).min, currency)}`,
  amountTooLarge: (currency: string) =>
    `The largest gift is ${formatMoney(giftBounds(currency).max, currency)}`,
  wrongCurrency: 'This Drop takes gifts in another currency',
  messageTooLong: `Maximum ${GIFT_MESSAGE_MAX} characters allowed`,
  dropEnded: 'This Drop has ended and takes no more gifts',
  dropCancelled: 'This Drop was cancelled and takes no more gifts',
  dropNotLive: 'This Drop is not live yet',
  noCharity: 'This Drop has no charity to give to',
  ownDrop: 'You cannot give to your own Drop',
  giftNotFound: 'Gift not found',
  paymentsUnavailable: 'Giving is not available at the moment. Please try again later.',
  anonymous: 'Anonymous',
} as const;

/** Why an amount is refused in `currency`, or null (the form and the server). */
export function giftAmountProblem(amount: number, currency: string): string | null {
  if (!Number.isSafeInteger(amount)) return giftTexts.amountNotWhole(currency);
  const bounds = giftBounds(currency);
  if (amount < bounds.min) return giftTexts.amountTooSmall(currency);
  if (amount > bounds.max) return giftTexts.amountTooLarge(currency);
  return null;
}

/** POST gifts/start: a gift to a live Drop; the answer is the checkout to open. */
export const StartGiftRequest = object({
  dropGuid: size(string(), 1, 64),
  amount: MinorAmount,
  currency: CurrencyCode,
  message: size(string(), 0, GIFT_MESSAGE_MAX),
  anonymous: boolean(),
});
export type StartGiftRequest = Infer<typeof StartGiftRequest>;

/**
 * The checkout to open: the browser goes to `url` (the provider's page, or the stand-in's); the
 * provider sends it back with `sessionId` ({@link giftReturn}), which gifts/confirm takes.
 */
export const GiftCheckout = object({ giftGuid: string(), sessionId: string(), url: string() });
export type GiftCheckout = Infer<typeof GiftCheckout>;

/** POST gifts/confirm: the session id the provider's return URL carries. */
export const ConfirmGiftRequest = object({ sessionId: size(string(), 1, 255) });
export type ConfirmGiftRequest = Infer<typeof ConfirmGiftRequest>;

/** A gift as its giver sees it (the thank-you, and Account's list of their gifts). */
export const Gift = object({
  guid: string(),
  status: enums(GIFT_STATUSES),
  amount: MinorAmount,
  currency: CurrencyCode,
  message: string(),
  anonymous: boolean(),
  /** Null when the Drop is gone (its teaser stays in `dropContent`). */
  dropGuid: nullable(string()),
  dropContent: string(),
  charityName: string(),
  created: string(),
  confirmed: nullable(string()),
});
export type Gift = Infer<typeof Gift>;

/** A gift as the charity's Administrators see it: the giver only when not anonymous. */
export const ReceivedGift = object({
  guid: string(),
  status: enums(GIFT_STATUSES),
  amount: MinorAmount,
  currency: CurrencyCode,
  /** The giver's name, or 'Anonymous'. */
  giver: string(),
  message: string(),
  dropGuid: nullable(string()),
  dropContent: string(),
  created: string(),
  confirmed: nullable(string()),
});
export type ReceivedGift = Infer<typeof ReceivedGift>;

const PageSize = refine(integer(), 'pageSize', (value) => value >= 1 && value <= 100);

/** POST gifts/mine, gifts/received: newest first, paged. */
export const GiftListRequest = object({
  page: optional(refine(integer(), 'page', (value) => value >= 1 && value <= 100_000)),
  pageSize: optional(PageSize),
});
export type GiftListRequest = Infer<typeof GiftListRequest>;

/** Where the provider sends the giver back: the Drop's page, with these query parameters. */
export const giftReturn = {
  route: (dropGuid: string) => `/drops/${dropGuid}`,
  /** Present after a completed checkout: the session id to confirm with gifts/confirm. */
  sessionIdParam: 'gift_session',
  /** 'cancelled' when the giver left the checkout without paying. */
  giftParam: 'gift',
} as const;
