import { fromPromise } from 'xstate';
import type { SignupRequest } from '../../../contract/identity';
import type { FlowEvent } from '../../machines/flows';
import type { EstablishedSession } from '../../machines/sessionMachine';
import { createCountriesLoader } from '../../shared/countries';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
import {
  createCaptchaToken,
  createEmailVerification,
  createHandleCheck,
  createThirdPartySignIn,
} from '../../shared/identityActors';
import { sessionFromResponse } from '../../shared/session';
import { createCountriesApi } from '../../services/api/countries';
import { createIdentityApi } from '../../services/api/identity';
import type { SignupActors } from './signup.flow';
import { signupMachine, type SignupInput, type SignupResult } from './signupMachine';
import { SignupScreen } from './SignupScreen';

const sessionEstablished = (session: EstablishedSession): FlowEvent => ({
  type: 'flow.sessionEstablished',
  session,
});

const entry: FlowEntryFactory<SignupInput, SignupActors> = (services) => {
  const identity = createIdentityApi(services.http);
  const countries = createCountriesApi(services.http);
  const loadCountries = createCountriesLoader(() => countries.list(), services.logError);
  const signup = signupMachine.provide({
    actors: {
      emailVerification: createEmailVerification(services),
      handleCheck: createHandleCheck(services),
      captchaToken: createCaptchaToken(services),
      captchaReady: fromPromise(async () => (await services.thirdParties()).captcha.ready()),
      signup: fromPromise<SignupResult, SignupRequest>(async ({ input }) => {
        const result = await identity.signup(input);
        // A new account: the home greets it 'Welcome' in its first session (issue 15).
        services.storage.newAccount.set(input.email);
        return result.kind === 'signedIn'
          ? { kind: 'signedIn', session: sessionFromResponse(result.data) }
          : result;
      }),
    },
    actions: { clearErrorParam: () => services.removeQueryParam('error') },
  });
  const signupThirdParty = createThirdPartySignIn(services);
  function Screen(props: FlowScreenProps<SignupActors>) {
    const { termsUrl, privacyPolicyUrl } = services.configuration();
    return (
      <SignupScreen
        {...props}
        loadCountries={loadCountries}
        termsUrl={termsUrl}
        privacyPolicyUrl={privacyPolicyUrl}
      />
    );
  }
  return {
    start: (input) => ({
      signup: { logic: signup, input, onDone: sessionEstablished },
      signupThirdParty: { logic: signupThirdParty, onDone: sessionEstablished },
    }),
    Screen,
  };
};

export default entry;
