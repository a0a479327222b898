import { fromPromise } from 'xstate';
import type { SignupRequest } from '../../../contract/identity';
import { flowCountriesLoader } from '../../shared/countriesLoader';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
import {
  createCaptchaToken,
  createEmailVerification,
  createHandleCheck,
  createThirdPartySignIn,
} from '../../shared/identityActors';
import { flowSessionEstablished, sessionFromResponse } from '../../shared/session';
import { createIdentityApi } from '../../services/api/identity';
import type { SignupActors } from './signup.flow';
import { signupMachine, type SignupInput, type SignupResult } from './signupMachine';
import { SignupScreen } from './SignupScreen';

const entry: FlowEntryFactory<SignupInput, SignupActors> = (services) => {
  const identity = createIdentityApi(services.http);
  const loadCountries = flowCountriesLoader(services);
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
      signup: { logic: signup, input, onDone: flowSessionEstablished },
      signupThirdParty: { logic: signupThirdParty, onDone: flowSessionEstablished },
    }),
    Screen,
  };
};

export default entry;
