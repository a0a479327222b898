import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectLoginErrorMessages,
  selectLoginSubmitting,
  type loginMachine,
} from '../../machines/loginMachine';
import {
  selectThirdPartyAlert,
  selectThirdPartyBusy,
  type ThirdPartySignInSnapshot,
} from '../../machines/thirdPartySignInMachine';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { LoginView } from '../../views/screens/LoginView';
import { usePageTitle } from '../pageTitle';
import { orElse, useLoginRef, useRouteFlow } from '../selectors';

const selectThirdPartyBusyOrNot = orElse<ThirdPartySignInSnapshot, boolean>(
  selectThirdPartyBusy,
  false,
);
const selectThirdPartyAlertOrNone = orElse(selectThirdPartyAlert, null);

/** The Login screen (titled Welcome Back) at /login and /account/login. */
export default function LoginScreen() {
  usePageTitle('Welcome Back');
  const loginRef = useLoginRef();
  if (!loginRef) return <LoadingIndicator />;
  return <LoginForm loginRef={loginRef} />;
}

function LoginForm({ loginRef }: { loginRef: ActorRefFrom<typeof loginMachine> }) {
  const submitting = useSelector(loginRef, selectLoginSubmitting);
  const messages = useSelector(loginRef, selectLoginErrorMessages);
  // 'Login with Google': the third-party sign-in the app runs beside the email form.
  const thirdPartyRef = useRouteFlow('loginThirdParty');
  const thirdPartyBusy = useSelector(thirdPartyRef, selectThirdPartyBusyOrNot);
  const thirdPartyAlert = useSelector(thirdPartyRef, selectThirdPartyAlertOrNone);
  return (
    <LoginView
      submitting={submitting}
      error={messages ? { messages } : null}
      onSubmit={(values) => loginRef.send({ type: 'form.submit', values })}
      onDismissError={() => loginRef.send({ type: 'error.dismiss' })}
      onThirdPartyLogin={
        thirdPartyRef ? () => thirdPartyRef.send({ type: 'signIn.start' }) : undefined
      }
      thirdPartyBusy={thirdPartyBusy}
      thirdPartyError={thirdPartyAlert}
      onDismissThirdPartyError={() => thirdPartyRef?.send({ type: 'alert.dismiss' })}
    />
  );
}
