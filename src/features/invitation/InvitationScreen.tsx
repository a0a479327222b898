import { shallowEqual, useSelector } from '@xstate/react';
import {
  selectThirdPartyAlert,
  selectThirdPartyBusy,
} from '../../machines/thirdPartySignInMachine';
import type { FlowScreenProps } from '../../shared/flow';
import { InvitationView } from './InvitationView';
import type { InvitationActors } from './invitation.flow';
import {
  selectAccepting,
  selectAlreadyText,
  selectDeclining,
  selectEmailEditable,
  selectExistingAccount,
  selectInvalidMessages,
  selectInvitation,
  selectInvitationAlert,
  selectInvitationMinimumPasswordLength,
  selectInvitationView,
  invitationScreenAlert,
} from './invitationMachine';

interface InvitationScreenProps extends FlowScreenProps<InvitationActors> {
  termsUrl: string;
  privacyPolicyUrl: string;
}

/** /invitation/{key}: the invitation machine, and 'Accept with Google' beside it. */
export function InvitationScreen({ flow, termsUrl, privacyPolicyUrl }: InvitationScreenProps) {
  const ref = flow.invitation;
  const thirdParty = flow.invitationThirdParty;
  const alert = useSelector(ref, selectInvitationAlert);
  const thirdPartyAlert = useSelector(thirdParty, selectThirdPartyAlert);
  const shown = invitationScreenAlert(alert, thirdPartyAlert);
  return (
    <InvitationView
      state={useSelector(ref, selectInvitationView)}
      invitation={useSelector(ref, selectInvitation, shallowEqual)}
      alreadyText={useSelector(ref, selectAlreadyText)}
      invalidMessages={useSelector(ref, selectInvalidMessages)}
      alert={shown ? { title: shown.title, messages: shown.messages } : null}
      onDismissAlert={() => {
        if (shown?.owner === 'thirdParty') thirdParty.send({ type: 'alert.dismiss' });
        else ref.send({ type: 'alert.dismiss' });
      }}
      onRetry={() => ref.send({ type: 'retry' })}
      emailEditable={useSelector(ref, selectEmailEditable)}
      existingAccount={useSelector(ref, selectExistingAccount)}
      minimumPasswordLength={useSelector(ref, selectInvitationMinimumPasswordLength)}
      termsUrl={termsUrl}
      privacyPolicyUrl={privacyPolicyUrl}
      accepting={useSelector(ref, selectAccepting)}
      declining={useSelector(ref, selectDeclining)}
      onAccept={(values) => ref.send({ type: 'form.submit', values })}
      onAcceptWithGoogle={() =>
        thirdParty.send({
          type: 'signUp.start',
          details: {
            tenantAccountType: 'Individual',
            companyName: '',
            consentToHelpEmails: false,
            consentToMarketingEmails: false,
            termsAccepted: true,
            privacyPolicyAccepted: true,
          },
        })
      }
      thirdPartyBusy={useSelector(thirdParty, selectThirdPartyBusy)}
      onDeclineStart={() => ref.send({ type: 'decline.start' })}
      onDeclineCancel={() => ref.send({ type: 'decline.cancel' })}
      onDecline={(message) => ref.send({ type: 'decline.submit', message })}
    />
  );
}
