import { defineArea } from '../../area';
import { standInRoutes } from '../../billing/standInRoutes';
import { applyBillingEvent, type PaymentsDeps } from './domain';
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
      await app.register(paymentRoutes(payments));
      if (billing.mode === 'stripe') {
        await app.register(stripeWebhookRoutes(payments, billing.provider));
      } else if (billing.mode === 'standIn' && !config.production) {
        const standIn = billing.provider;
        standIn.listener = async (event) => {
          await applyBillingEvent(payments, event);
        };
        app.addHook('onReady', () => standIn.ensurePromotionCodes());
        await app.register(standInRoutes(standIn, config.siteUrl));
      } else if (config.production) {
        log.warn('STRIPE_SECRET_KEY is not set: the payments calls answer 503.');
      }
    },
});
