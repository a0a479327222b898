import { shallowEqual, useSelector } from '@xstate/react';
import {
  selectEmailConfirmationCanRetry,
  selectEmailConfirmationResult,
  emailConfirmationTexts,
  selectEmailConfirmationFailureText,
  selectEmailConfirmationOnward,
} from './emailConfirmationMachine';
import { KeyResultView } from '../../views/layouts/KeyResultView';
import type { FlowRefs, FlowScreenProps } from '../../shared/flow';
import type { EmailConfirmationActors } from './emailConfirmation.flow';

/** Email confirmation, /account/confirm-email/{key}: the emailed link's key is sent. */
export function EmailConfirmationScreen({ flow, user }: FlowScreenProps<EmailConfirmationActors>) {
  return (
    <EmailConfirmationResult confirmationRef={flow.emailConfirmation} signedIn={user !== null} />
  );
}

function EmailConfirmationResult({
  confirmationRef,
  signedIn,
}: {
  confirmationRef: FlowRefs<EmailConfirmationActors>['emailConfirmation'];
  signedIn: boolean;
}) {
  const result = useSelector(confirmationRef, selectEmailConfirmationResult);
  const failureText = useSelector(confirmationRef, selectEmailConfirmationFailureText);
  const canRetry = useSelector(confirmationRef, selectEmailConfirmationCanRetry);
  const onward = useSelector(
    confirmationRef,
    (s) => selectEmailConfirmationOnward(s, signedIn),
    shallowEqual,
  );
  return (
    <KeyResultView
      state={result}
      busyText={emailConfirmationTexts.confirming}
      successTitle={emailConfirmationTexts.confirmedTitle}
      successText={emailConfirmationTexts.confirmed}
      successLink={onward}
      failureTitle={emailConfirmationTexts.errorTitle}
      failureText={failureText}
      failureLink={{ href: '/', label: 'Go to home page' }}
      onRetry={canRetry ? () => confirmationRef.send({ type: 'retry' }) : undefined}
    />
  );
}
