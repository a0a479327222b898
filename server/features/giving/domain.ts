/**
 * Giving to a Drop (issue 35): a pending gift and its checkout at the payment provider, counted
 * only when the provider confirms the payment (the giver's return and the provider's events both
 * read the checkout again from the provider, and a gift moves from pending to confirmed once,
 * whichever comes first); a refund or a dispute takes it back out. The Drop must be live
 * (contract/dropStatusMachine.ts 'give'), its charity still there, the amount within the
 * currency's bounds (contract/gifts.ts).
 */
import { randomUUID } from 'node:crypto';
import { dropAllows, type DropStatus } from '../../../contract/dropStatusMachine';
import {
  giftAmountProblem,
  giftReturn,
  giftTexts,
  type ConfirmGiftRequest,
  type Gift,
  type GiftCheckout,
  type GiftListRequest,
  type GiftStatus,
  type ReceivedGift,
  type StartGiftRequest,
} from '../../../contract/gifts';
import type { ListResponse } from '../../../contract/lists';
import type { BillingEvent, BillingProvider } from '../../billing/provider';
import type { DomainContext } from '../../domain/context';
import { conflict, invalid, notFound, unavailable } from '../../domain/errors';
import { requireMembership, type TenantScope } from '../../domain/scope';
import { statusOfRow } from '../drops/domain';
import { selectCharityById, selectDropByGuid } from '../drops/queries';
import { recordEvent } from '../payments/queries';
import {
  countCharityGifts,
  countGiverGifts,
  insertGift,
  moveGift,
  paymentEventSeen,
  selectCharityGifts,
  selectGiftBySession,
  selectGiftView,
  selectGiftsByPayment,
  selectGiverGifts,
  selectUserName,
  type GiftRow,
} from './queries';
import { isGuid } from '../../domain/guid';

const PAGE_SIZE_DEFAULT = 20;

/** What giving needs of the billing adapter. */
export type GiftPaymentProvider = Pick<
  BillingProvider,
  'mode' | 'createPaymentCheckout' | 'retrievePaymentCheckout'
>;

/** A provider event about a one-off payment. */
export type GiftPaymentEvent = Pick<
  BillingEvent,
  'id' | 'type' | 'checkoutSessionId' | 'paymentId'
>;

export interface GivingDeps extends DomainContext {
  /** Null when no provider runs (production without keys): giving answers 503. */
  payments: GiftPaymentProvider | null;
  siteUrl: string;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

function providerOf(deps: GivingDeps): GiftPaymentProvider {
  if (deps.payments === null) throw unavailable(giftTexts.paymentsUnavailable);
  return deps.payments;
}

/** A provider call; its failure answers 503 (nothing was changed on our side). */
async function atProvider<T>(
  deps: GivingDeps,
  work: (provider: GiftPaymentProvider) => Promise<T>,
) {
  const provider = providerOf(deps);
  try {
    return await work(provider);
  } catch (error) {
    deps.log.warn({ err: error }, 'the payment provider failed');
    throw unavailable(giftTexts.paymentsUnavailable);
  }
}

/** Why a Drop takes no gift now, or null. */
function refusalOf(status: DropStatus): string | null {
  if (dropAllows(status, 'give')) return null;
  if (status === 'Ended') return giftTexts.dropEnded;
  if (status === 'Cancelled') return giftTexts.dropCancelled;
  return giftTexts.dropNotLive;
}

/**
 * POST gifts/start: a pending gift to a live Drop, and its checkout. The gift's guid is the
 * checkout's reference; the provider returns the giver to the Drop's page with the session id.
 */
export async function startGift(
  deps: GivingDeps,
  scope: TenantScope,
  input: StartGiftRequest,
): Promise<GiftCheckout> {
  const provider = providerOf(deps);
  await requireMembership(deps.db, scope);
  const drop = isGuid(input.dropGuid)
    ? await selectDropByGuid(deps.db, input.dropGuid.toLowerCase())
    : undefined;
  const now = deps.now();
  const status = drop === undefined ? null : statusOfRow(drop, now);
  // Someone else's draft or scheduled Drop is not found, as on its page.
  if (
    drop === undefined ||
    status === null ||
    (drop.userId !== scope.userId && (status === 'Draft' || status === 'Scheduled'))
  ) {
    throw notFound('Drop not found');
  }
  const refusal = refusalOf(status);
  if (refusal !== null) throw conflict(refusal);
  if (drop.userId === scope.userId) throw conflict(giftTexts.ownDrop);
  const charity =
    drop.charityTenantId === null
      ? undefined
      : await selectCharityById(deps.db, drop.charityTenantId);
  if (charity === undefined) throw conflict(giftTexts.noCharity);
  if (input.currency !== drop.currency) throw invalid(giftTexts.wrongCurrency);
  const amountProblem = giftAmountProblem(input.amount, drop.currency);
  if (amountProblem !== null) throw invalid(amountProblem);

  const giftGuid = randomUUID();
  const returnTo = `${deps.siteUrl}${giftReturn.route(drop.guid)}`;
  const checkout = await atProvider(deps, () =>
    provider.createPaymentCheckout({
      amount: input.amount,
      currency: drop.currency,
      description: `Gift to ${charity.name}`,
      reference: giftGuid,
      customerEmail: null,
      successUrl: `${returnTo}?${giftReturn.sessionIdParam}={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${returnTo}?${giftReturn.giftParam}=cancelled`,
    }),
  );
  const gift = await insertGift(deps.db, {
    guid: giftGuid,
    dropId: drop.id,
    dropContent: drop.content,
    charityTenantId: charity.id,
    giverUserId: scope.userId,
    giverName: await selectUserName(deps.db, scope.userId),
    anonymous: input.anonymous,
    message: input.message.trim(),
    amount: input.amount,
    currency: drop.currency,
    status: 'pending',
    provider: provider.mode,
    providerSessionId: checkout.id,
  });
  if (gift === undefined) throw new Error('The gift was not stored.');
  return { giftGuid, sessionId: checkout.id, url: checkout.url };
}

/**
 * A pending gift brought up to date with its checkout at the provider: confirmed when paid
 * (for the amount and currency the gift says; anything else is logged and left pending),
 * cancelled when the checkout expired unpaid. Answers the gift as it is now.
 */
async function settle(deps: GivingDeps, gift: GiftRow): Promise<GiftRow> {
  if (gift.status !== 'pending') return gift;
  const checkout = await atProvider(deps, (provider) =>
    provider.retrievePaymentCheckout(gift.providerSessionId),
  );
  if (checkout === null) return gift;
  const now = deps.now();
  if (checkout.status === 'complete' && checkout.paymentStatus === 'paid') {
    if (
      checkout.amount !== gift.amount ||
      checkout.currency !== gift.currency ||
      (checkout.reference !== null && checkout.reference !== gift.guid)
    ) {
      deps.log.warn(
        { gift: gift.guid, session: checkout.id },
        'a paid checkout does not match its gift: left pending',
      );
      return gift;
    }
    const moved = await moveGift(deps.db, gift.id, 'pending', {
      status: 'confirmed',
      providerPaymentId: checkout.paymentId,
      confirmedAt: now,
    });
    return moved ?? (await selectGiftBySession(deps.db, gift.providerSessionId)) ?? gift;
  }
  if (checkout.status === 'expired') {
    const moved = await moveGift(deps.db, gift.id, 'pending', { status: 'cancelled' });
    return moved ?? gift;
  }
  return gift;
}

/** A gift as its giver sees it, with its Drop's guid (null once gone) and charity's name. */
const toGift = (gift: GiftRow, dropGuid: string | null, charityName: string): Gift => ({
  guid: gift.guid,
  status: gift.status as GiftStatus,
  amount: gift.amount,
  currency: gift.currency,
  message: gift.message,
  anonymous: gift.anonymous,
  dropGuid,
  dropContent: gift.dropContent,
  charityName,
  created: gift.createdAt.toISOString(),
  confirmed: gift.confirmedAt?.toISOString() ?? null,
});

async function giftOf(deps: GivingDeps, gift: GiftRow): Promise<Gift> {
  const view = await selectGiftView(deps.db, gift.id);
  return toGift(gift, view?.dropGuid ?? null, view?.charityName ?? '');
}

/** POST gifts/confirm: the caller's own gift of a returning checkout, settled with the provider. */
export async function confirmGift(
  deps: GivingDeps,
  scope: TenantScope,
  input: ConfirmGiftRequest,
): Promise<Gift> {
  providerOf(deps);
  const gift = await selectGiftBySession(deps.db, input.sessionId);
  if (gift === undefined || gift.giverUserId !== scope.userId) {
    throw notFound(giftTexts.giftNotFound);
  }
  return giftOf(deps, await settle(deps, gift));
}

export type PaymentEventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * A provider event about a one-off payment: a completed or expired checkout settles its gift
 * (read again from the provider); a refund or a dispute takes a confirmed gift back out. Every
 * step is a conditional update, so a delivery applied twice changes nothing the second time; the
 * event id is recorded once it has been applied (a provider failure on the way answers 503 and
 * leaves it unrecorded, so the provider's retry applies it), and a delivery of a recorded id is
 * answered 'duplicate' without reading anything.
 */
export async function applyPaymentEvent(
  deps: GivingDeps,
  event: GiftPaymentEvent,
): Promise<PaymentEventOutcome> {
  if (await paymentEventSeen(deps.db, event.id)) return 'duplicate';
  const outcome = await applyOnce(deps, event);
  if (!(await recordEvent(deps.db, event.id, event.type, deps.now()))) return 'duplicate';
  return outcome;
}

async function applyOnce(
  deps: GivingDeps,
  event: GiftPaymentEvent,
): Promise<Exclude<PaymentEventOutcome, 'duplicate'>> {
  if (event.type.startsWith('checkout.session.') && event.checkoutSessionId !== null) {
    const gift = await selectGiftBySession(deps.db, event.checkoutSessionId);
    if (gift === undefined) {
      deps.log.info({ eventId: event.id }, 'payment event for no gift');
      return 'ignored';
    }
    const settled = await settle(deps, gift);
    return settled.status === gift.status ? 'ignored' : 'applied';
  }
  if (
    (event.type === 'charge.refunded' || event.type === 'charge.dispute.created') &&
    event.paymentId !== null
  ) {
    const status = event.type === 'charge.refunded' ? 'refunded' : 'disputed';
    let applied = false;
    for (const gift of await selectGiftsByPayment(deps.db, event.paymentId)) {
      const moved = await moveGift(deps.db, gift.id, 'confirmed', {
        status,
        reversedAt: deps.now(),
      });
      applied ||= moved !== undefined;
    }
    return applied ? 'applied' : 'ignored';
  }
  return 'ignored';
}

function pageOf(input: GiftListRequest) {
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  return { limit: pageSize, offset: ((input.page ?? 1) - 1) * pageSize };
}

/** POST gifts/mine: the caller's gifts, newest first. */
export async function listMyGifts(
  deps: GivingDeps,
  scope: TenantScope,
  input: GiftListRequest,
): Promise<ListResponse<Gift>> {
  const rows = await selectGiverGifts(deps.db, scope.userId, pageOf(input));
  const list = rows.map(({ gift, dropGuid, charityName }) => toGift(gift, dropGuid, charityName));
  return { list, totalCount: await countGiverGifts(deps.db, scope.userId) };
}

/**
 * POST gifts/received: what the current organisation received, for its Administrators (the
 * endpoint's level): the giver's name only when they did not give anonymously.
 */
export async function listReceivedGifts(
  deps: GivingDeps,
  scope: TenantScope,
  input: GiftListRequest,
): Promise<ListResponse<ReceivedGift>> {
  const rows = await selectCharityGifts(deps.db, scope.tenantId, pageOf(input));
  const list = rows.map(({ gift, dropGuid }) => ({
    guid: gift.guid,
    status: gift.status as GiftStatus,
    amount: gift.amount,
    currency: gift.currency,
    giver: gift.anonymous ? giftTexts.anonymous : gift.giverName,
    message: gift.message,
    dropGuid,
    dropContent: gift.dropContent,
    created: gift.createdAt.toISOString(),
    confirmed: gift.confirmedAt?.toISOString() ?? null,
  }));
  return { list, totalCount: await countCharityGifts(deps.db, scope.tenantId) };
}
