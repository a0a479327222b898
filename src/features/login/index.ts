import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createThirdPartySignIn, executeCaptcha } from '../../shared/identityActors';
import { flowSessionEstablished, sessionFromResponse } from '../../shared/session';
import { createAuthApi } from '../../services/api/auth';
import { loginWithCaptchaWhenAsked } from './captchaWhenAsked';
import type { LoginActors } from './login.flow';
import { loginMachine } from './loginMachine';
import { LoginScreen } from './LoginScreen';

const entry: FlowEntryFactory<undefined, LoginActors> = (services) => {
  const auth = createAuthApi(services.http);
  const captchaToken = (action: string) => executeCaptcha(services, action);
  const loginForm = loginMachine.provide({
    actors: {
      // POST /auth/login; sent again with a captcha token when the server asks for one. The
      // actor's signal ends a rate limit's wait (spec §7.1) when the person leaves the screen.
      login: fromPromise(async ({ input, signal }) =>
        sessionFromResponse(
          await loginWithCaptchaWhenAsked(
            (request) => auth.login(request, { signal }),
            captchaToken,
            input,
          ),
        ),
      ),
    },
  });
  const loginThirdParty = createThirdPartySignIn(services);
  return {
    start: () => ({
      loginForm: { logic: loginForm, onDone: flowSessionEstablished },
      loginThirdParty: { logic: loginThirdParty, onDone: flowSessionEstablished },
    }),
    Screen: LoginScreen,
  };
};

export default entry;
