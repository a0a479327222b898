import { shallowEqual, useSelector } from '@xstate/react';
import {
  selectThirdPartyAlert,
  selectThirdPartyBusy,
} from '../../machines/thirdPartySignInMachine';
import type { FlowScreenProps } from '../../shared/flow';
import { InvitationView } from './InvitationView';
import type { InvitationActors } from './invitation.flow';
import * as chart from './invitationMachine';

interface InvitationScreenProps extends FlowScreenProps<InvitationActors> {
  termsUrl: string;
  privacyPolicyUrl: string;
}

/** /invitation/{key}: the invitation machine, and 'Accept with Google' beside it. */
export function InvitationScreen({ flow, termsUrl, privacyPolicyUrl }: InvitationScreenProps) {
  const ref = flow.invitation;
  const thirdParty = flow.invitationThirdParty;
  const alert = useSelector(ref, chart.selectInvitationAlert);
  const thirdPartyAlert = useSelector(thirdParty, selectThirdPartyAlert);
  const shown = chart.invitationScreenAlert(alert, thirdPartyAlert);
  return (
    <InvitationView
      state={useSelector(ref, chart.selectInvitationView)}
      invitation={useSelector(ref, chart.selectInvitation, shallowEqual)}
      alreadyText={useSelector(ref, chart.selectAlreadyText)}
      invalidMessages={useSelector(ref, chart.selectInvalidMessages)}
      alert={shown ? { title: shown.title, messages: shown.messages } : null}
      onDismissAlert={() => {
        if (shown?.owner === 'thirdParty') thirdParty.send({ type: 'alert.dismiss' });
        else ref.send({ type: 'alert.dismiss' });
      }}
      onRetry={() => ref.send({ type: 'retry' })}
      emailEditable={useSelector(ref, chart.selectEmailEditable)}
      existingAccount={useSelector(ref, chart.selectExistingAccount)}
      minimumPasswordLength={useSelector(ref, chart.selectInvitationMinimumPasswordLength)}
      termsUrl={termsUrl}
      privacyPolicyUrl={privacyPolicyUrl}
      accepting={useSelector(ref, chart.selectAccepting)}
      declining={useSelector(ref, chart.selectDeclining)}
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
