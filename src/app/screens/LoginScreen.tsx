import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectLoginErrorMessages,
  selectLoginSubmitting,
  type loginMachine,
} from '../../machines/loginMachine';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { LoginView } from '../../views/screens/LoginView';
import { usePageTitle } from '../pageTitle';
import { useLoginRef } from '../selectors';

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
  return (
    <LoginView
      submitting={submitting}
      error={messages ? { messages } : null}
      onSubmit={(values) => loginRef.send({ type: 'form.submit', values })}
      onDismissError={() => loginRef.send({ type: 'error.dismiss' })}
    />
  );
}
