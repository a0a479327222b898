import { useSelector } from '@xstate/react';
import {
  selectActivationCanRetry,
  selectActivationResult,
  activationTexts,
  selectActivationFailureText,
} from './activationMachine';
import { KeyResultView } from '../../views/layouts/KeyResultView';
import type { FlowScreenProps } from '../../shared/flow';
import type { ActivationActors } from './activation.flow';

/** Activation, /activate/{key}: the emailed link's key is sent; success or failure. */
export function ActivationScreen({ flow }: FlowScreenProps<ActivationActors>) {
  const activationRef = flow.activation;
  const result = useSelector(activationRef, selectActivationResult);
  const failureText = useSelector(activationRef, selectActivationFailureText);
  const canRetry = useSelector(activationRef, selectActivationCanRetry);
  return (
    <KeyResultView
      state={result}
      busyText={activationTexts.activating}
      successTitle={activationTexts.activatedTitle}
      successText={activationTexts.activated}
      successLink={{ href: '/login', label: 'Login' }}
      failureTitle={activationTexts.errorTitle}
      failureText={failureText}
      failureLink={{ href: '/', label: 'Go to home page' }}
      onRetry={canRetry ? () => activationRef.send({ type: 'retry' }) : undefined}
    />
  );
}
