import { fromPromise } from 'xstate';
import type { FlowEntryFactory } from '../../shared/flow';
import { createThirdPartySignIn, executeCaptcha } from '../../shared/identityActors';
import { sessionFromResponse } from '../../shared/session';
import { createAuthApi } from '../../services/api/auth';
import type { EstablishedSession } from '../../machines/sessionMachine';
import { loginWithCaptchaWhenAsked } from './captchaWhenAsked';
import type { LoginActors } from './login.flow';
import { loginMachine } from './loginMachine';
import { LoginScreen } from './LoginScreen';

const sessionEstablished = (session: EstablishedSession) =>
  ({ type: 'flow.sessionEstablished', session }) as const;

const entry: FlowEntryFactory<undefined, LoginActors> = (services) => {
  const auth = createAuthApi(services.http);
  const captchaToken = (action: string) => executeCaptcha(services, action);
  const loginForm = loginMachine.provide({
    actors: {
      // POST /auth/login; sent again with a captcha token when the server asks for one.
      login: fromPromise(async ({ input }) =>
        sessionFromResponse(
          await loginWithCaptchaWhenAsked((request) => auth.login(request), captchaToken, input),
        ),
      ),
    },
  });
  const loginThirdParty = createThirdPartySignIn(services);
  return {
    start: () => ({
      loginForm: { logic: loginForm, onDone: sessionEstablished },
      loginThirdParty: { logic: loginThirdParty, onDone: sessionEstablished },
    }),
    Screen: LoginScreen,
  };
};

export default entry;
