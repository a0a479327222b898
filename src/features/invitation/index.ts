import { createElement } from 'react';
import { fromPromise } from 'xstate';
import type { FlowEntryFactory, FlowScreenProps } from '../../shared/flow';
import { createCaptchaToken, createThirdPartySignIn } from '../../shared/identityActors';
import { flowSessionEstablished, sessionFromResponse } from '../../shared/session';
import { teamTexts } from '../../../contract/team';
import { isApiError } from '../../services/apiResponse';
import { createTeamApi } from '../../services/api/team';
import type { InvitationActors } from './invitation.flow';
import {
  invitationMachine,
  type AcceptanceResult,
  type InvitationInput,
} from './invitationMachine';
import { InvitationScreen } from './InvitationScreen';

const entry: FlowEntryFactory<InvitationInput, InvitationActors> = (services) => {
  const team = createTeamApi(services.http);
  const invitation = invitationMachine.provide({
    actors: {
      getUserByInvitationKey: fromPromise(({ input }) => team.getUserByInvitationKey(input.key)),
      captchaToken: createCaptchaToken(services),
      acceptUserInvitation: fromPromise<
        AcceptanceResult,
        Parameters<typeof team.acceptUserInvitation>[0]
      >(async ({ input }) => {
        const answer = await team.acceptUserInvitation(input);
        // A first-time invitee: the home greets them 'Welcome' in their first session (as a
        // signup), not 'Welcome back'.
        if (answer.newAccount) services.storage.newAccount.set(input.email);
        return answer.session
          ? { kind: 'signedIn', session: sessionFromResponse(answer.session) }
          : { kind: 'verifyByEmail' };
      }),
      declineUserInvitation: fromPromise(({ input }) => team.declineUserInvitation(input)),
    },
  });
  function Screen(props: FlowScreenProps<InvitationActors>) {
    const { termsUrl, privacyPolicyUrl } = services.configuration();
    return createElement(InvitationScreen, { ...props, termsUrl, privacyPolicyUrl });
  }
  return {
    start: (input) => {
      // 'Accept with Google' is the third-party sign-up whose call accepts this invitation.
      const thirdParty = createThirdPartySignIn(services).provide({
        actors: {
          signupWithGoogle: fromPromise(async ({ input: request }) => {
            const { signupRequest, authCodeResponse } = request;
            const data = await team
              .acceptUserInvitationWithGoogle({
                acceptUserInvitationRequest: {
                  userInvitationKey: input.key,
                  termsAccepted: true,
                  privacyPolicyAccepted: true,
                  consentToHelpEmails: signupRequest.consentToHelpEmails,
                  consentToMarketingEmails: signupRequest.consentToMarketingEmails,
                  usingEmail: false,
                  reCaptchaToken: signupRequest.reCaptchaToken,
                },
                authCodeResponse,
              })
              .catch((error: unknown) => {
                // Spec §8: this call's own words when the server gave none.
                throw isApiError(error) && error.fromServer
                  ? error
                  : { messages: [teamTexts.acceptWithGoogleFailed] };
              });
            return { session: sessionFromResponse(data), messages: [] };
          }),
        },
      });
      return {
        invitation: { logic: invitation, input, onDone: flowSessionEstablished },
        invitationThirdParty: { logic: thirdParty, onDone: flowSessionEstablished },
      };
    },
    Screen,
  };
};

export default entry;
