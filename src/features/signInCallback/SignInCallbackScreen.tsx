import { KeyResultView } from '../../views/layouts/KeyResultView';
import type { SignInCallbackInput } from './signInCallback.flow';
import { signInCallbackOutcome } from './signInCallbackTexts';

/** The external sign-in callback: the provider's error, or that no sign-in was finished here. */
export function SignInCallbackScreen({ answer }: { answer: SignInCallbackInput }) {
  const outcome = signInCallbackOutcome(answer);
  return (
    <KeyResultView
      state="failure"
      busyText=""
      successTitle=""
      successLink={{ href: '/login', label: 'Login' }}
      failureTitle={outcome.title}
      failureText={outcome.text}
      failureLink={{ href: '/login', label: 'Login' }}
    />
  );
}
