import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectEmail,
  selectEmailVerificationErrors,
  selectEmailVerificationPhase,
  selectShowsResendLink,
  type emailVerificationMachine,
  type EmailVerificationSnapshot,
} from '../machines/emailVerificationMachine';
import {
  selectHandleMessage,
  selectHandleStatus,
  type handleCheckMachine,
  type HandleCheckSnapshot,
} from '../machines/handleCheckMachine';
import type { EmailVerificationState } from '../views/components/EmailVerificationField';
import { orElse } from './orElse';

/**
 * The connectors of the two widgets a form runs as children (signup, personal details): their
 * view props from the child's selectors, and their callbacks as the child's events. A child that
 * is not running (yet, or any more) reads as an empty widget.
 */
const NO_MESSAGES: readonly string[] = [];
const selectPhase = orElse(selectEmailVerificationPhase, 'entering' as EmailVerificationState);
const selectEmailOrEmpty = orElse<EmailVerificationSnapshot, string>(selectEmail, '');
const selectErrors = orElse(
  (s: EmailVerificationSnapshot) => selectEmailVerificationErrors(s) ?? NO_MESSAGES,
  NO_MESSAGES,
);
const selectShowsResend = orElse<EmailVerificationSnapshot, boolean>(selectShowsResendLink, false);
const selectStatus = orElse<HandleCheckSnapshot, ReturnType<typeof selectHandleStatus>>(
  selectHandleStatus,
  'empty',
);
const selectMessage = orElse<HandleCheckSnapshot, string | null>(selectHandleMessage, null);

/** The email verification widget's props and callbacks. */
export function useEmailVerificationWidget(
  ref: ActorRefFrom<typeof emailVerificationMachine> | undefined,
) {
  return {
    emailVerification: {
      state: useSelector(ref, selectPhase),
      email: useSelector(ref, selectEmailOrEmpty),
      errorMessages: useSelector(ref, selectErrors),
      showResend: useSelector(ref, selectShowsResend),
    },
    onRequestCode: (email: string) => ref?.send({ type: 'code.request', email }),
    onSubmitCode: (code: string) => ref?.send({ type: 'code.verify', code }),
    onResendCode: () => ref?.send({ type: 'code.resend' }),
    onChangeEmail: () => ref?.send({ type: 'email.edit' }),
    onEmailInput: (email: string) => ref?.send({ type: 'email.change', email }),
  };
}

/** The handle check's props and callback. */
export function useHandleCheckField(ref: ActorRefFrom<typeof handleCheckMachine> | undefined) {
  return {
    handleStatus: useSelector(ref, selectStatus),
    handleMessage: useSelector(ref, selectMessage),
    onHandleChange: (value: string) => ref?.send({ type: 'handle.change', value }),
  };
}
