import { useSelector } from '@xstate/react';
import type { FlowScreenProps } from '../../shared/flow';
import { LoginView } from './LoginView';
import {
  selectThirdPartyAlert,
  selectThirdPartyBusy,
} from '../../machines/thirdPartySignInMachine';
import type { LoginActors } from './login.flow';
import { selectLoginErrorMessages, selectLoginSubmitting } from './loginMachine';

/** The Login screen (titled Welcome Back) at /login and /account/login. */
export function LoginScreen({ flow }: FlowScreenProps<LoginActors>) {
  const { loginForm, loginThirdParty } = flow;
  const submitting = useSelector(loginForm, selectLoginSubmitting);
  const messages = useSelector(loginForm, selectLoginErrorMessages);
  // 'Login with Google': the third-party sign-in that runs beside the email form.
  const thirdPartyBusy = useSelector(loginThirdParty, selectThirdPartyBusy);
  const thirdPartyAlert = useSelector(loginThirdParty, selectThirdPartyAlert);
  return (
    <LoginView
      submitting={submitting}
      error={messages ? { messages } : null}
      onSubmit={(values) => loginForm.send({ type: 'form.submit', values })}
      onDismissError={() => loginForm.send({ type: 'error.dismiss' })}
      onThirdPartyLogin={() => loginThirdParty.send({ type: 'signIn.start' })}
      thirdPartyBusy={thirdPartyBusy}
      thirdPartyError={thirdPartyAlert}
      onDismissThirdPartyError={() => loginThirdParty.send({ type: 'alert.dismiss' })}
    />
  );
}
