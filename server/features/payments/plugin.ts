import { defineArea } from '../../area';
import { standInRoutes } from '../../billing/standInRoutes';
import { PAYMENT_EVENT_TYPES } from '../../billing/provider';
import { applyPaymentEvent, type GivingDeps } from '../giving/domain';
import { givingRoutes } from '../giving/routes';
import { applyBillingEvent, isPaymentEvent, type PaymentsDeps } from './domain';
import { paymentRoutes, stripeWebhookRoutes } from './routes';

/**
 * The payments calls through the billing adapter (server/billing): Stripe's webhook when its keys
 * are set; the stand-in's pages outside production without them. The stand-in's changes reach
 * the tenant through the domain's event path, as Stripe's webhook deliveries do.
 */
export const paymentsArea = defineArea({
  name: 'payments',
  register:
    ({ domain, billing, config, log }) =>
    async (app) => {
      const payments: PaymentsDeps = {
        db: domain.db,
        now: domain.now,
        billing: billing.provider,
        siteUrl: config.siteUrl,
        log,
      };
      // Giving to Drops (issue 35) pays through the same adapter, and its events arrive on the
      // same paths: a one-off payment's go to the gifts, the rest to the subscription.
      const giving: GivingDeps = {
        ...domain,
        payments: billing.provider,
        siteUrl: config.siteUrl,
        log,
      };
      const applyPayment = (event: Parameters<typeof applyPaymentEvent>[1]) =>
        applyPaymentEvent(giving, event);
      await app.register(paymentRoutes(payments));
      await app.register(givingRoutes(giving));
      if (billing.mode === 'stripe') {
        await app.register(stripeWebhookRoutes(payments, billing.provider, applyPayment));
      } else if (billing.mode === 'standIn' && !config.production) {
        const standIn = billing.provider;
        const paymentTypes: readonly string[] = PAYMENT_EVENT_TYPES;
        standIn.listener = async (event) => {
          if (!isPaymentEvent(event)) await applyBillingEvent(payments, event);
          else if (paymentTypes.includes(event.type)) await applyPayment(event);
        };
        app.addHook('onReady', () => standIn.ensurePromotionCodes());
        await app.register(standInRoutes(standIn, config.siteUrl));
      } else if (config.production) {
        log.warn('STRIPE_SECRET_KEY is not set: the payments calls answer 503.');
      }
    },
});
