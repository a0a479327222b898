import { defineArea } from '../../area';
import { devCaptchaRoutes, devConsentRoutes, devMailRoutes } from './routes';

/** The outbox and the third-party stand-ins: never in production. */
export const devArea = defineArea({
  name: 'dev',
  register:
    ({ config, identity, devCodes }) =>
    async (app) => {
      if (config.production) return;
      await app.register(devMailRoutes(identity));
      if (identity.captcha.mode === 'standIn') await app.register(devCaptchaRoutes(identity));
      if (identity.google.mode === 'standIn') {
        await app.register(devConsentRoutes(identity, devCodes));
      }
    },
});
