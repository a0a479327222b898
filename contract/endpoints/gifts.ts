/** The giving calls (issue 35, beyond the spec): give to a Drop, and the lists of gifts. */
import { ListResponse } from '../lists';
import {
  ConfirmGiftRequest,
  Gift,
  GiftCheckout,
  GiftListRequest,
  ReceivedGift,
  StartGiftRequest,
  giftTexts,
} from '../gifts';
import { endpoint, type FieldMessages } from './define';

export const giftFieldMessages: FieldMessages = {
  amount: { required: giftTexts.amountRequired },
  message: { tooLong: giftTexts.messageTooLong },
};

export const giftEndpoints = {
  /**
   * POST gifts/start: a pending gift to a live Drop and its checkout at the payment provider
   * (the browser goes to the answer's url, which returns to /drops/{guid}).
   */
  start: endpoint({
    method: 'POST',
    path: 'gifts/start',
    request: StartGiftRequest,
    response: GiftCheckout,
    auth: 'user',
    messages: giftFieldMessages,
  }),
  /**
   * POST gifts/confirm: the caller's gift of a returning checkout, read again from the provider
   * (confirmed once paid; cancelled once the checkout expired unpaid).
   */
  confirm: endpoint({
    method: 'POST',
    path: 'gifts/confirm',
    request: ConfirmGiftRequest,
    response: Gift,
    auth: 'user',
  }),
  /** POST gifts/mine: the caller's own gifts, newest first. */
  mine: endpoint({
    method: 'POST',
    path: 'gifts/mine',
    request: GiftListRequest,
    response: ListResponse(Gift),
    auth: 'user',
  }),
  /** POST gifts/received: the gifts to the current organisation (a Charity), for its Administrators. */
  received: endpoint({
    method: 'POST',
    path: 'gifts/received',
    request: GiftListRequest,
    response: ListResponse(ReceivedGift),
    auth: 'tenantAdmin',
  }),
} as const;
