import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import {
  selectEmail,
  selectEmailVerificationErrors,
  selectEmailVerificationPhase,
  selectShowsResendLink,
  type EmailVerificationSnapshot,
} from '../../machines/emailVerificationMachine';
import {
  selectHandleMessage,
  selectHandleStatus,
  type HandleCheckSnapshot,
} from '../../machines/handleCheckMachine';
import {
  selectAccountCreated,
  selectFocusField,
  selectCanSubmit,
  selectFormLoadFailed,
  selectSignupAccountType,
  selectSignupAlert,
  selectSignupEmailVerificationRef,
  selectSignupFieldErrors,
  selectSignupRuleErrors,
  selectSignupHandleCheckRef,
  selectSignupMinimumPasswordLength,
  selectSignupSubmitting,
  signupTexts,
  type SignupSnapshot,
} from './signupMachine';
import {
  selectThirdPartyAlert,
  selectThirdPartyBusy,
  selectThirdPartyNotice,
} from '../../machines/thirdPartySignInMachine';
import type { EmailVerificationState } from '../../views/components/EmailVerificationField';
import { SignupView, type SignupAlert, type SignupAlertKind } from '../../views/screens/SignupView';
import type { SignupFieldName } from '../../validation/signup';
import type { CountriesLoader, CountryOption } from '../../platform/countries';
import type { FlowRefs, FlowScreenProps } from '../../platform/flow';
import { orElse } from '../../platform/orElse';
import { useCountries } from '../../platform/useCountries';
import type { SignupActors } from './signup.flow';

const NO_MESSAGES: readonly string[] = [];

// The children of the signup flow stop once the account is created: their selectors then fall
// back (the form is no longer shown).
const selectEmailStateOrEntering = orElse(
  selectEmailVerificationPhase,
  'entering' as EmailVerificationState,
);
const selectEmailOrEmpty = orElse<EmailVerificationSnapshot, string>(selectEmail, '');
const selectEmailErrorsOrNone = orElse(
  (s: EmailVerificationSnapshot) => selectEmailVerificationErrors(s) ?? NO_MESSAGES,
  NO_MESSAGES,
);
const selectShowsResendOrNot = orElse<EmailVerificationSnapshot, boolean>(
  selectShowsResendLink,
  false,
);
const selectHandleStatusOrEmpty = orElse<
  HandleCheckSnapshot,
  ReturnType<typeof selectHandleStatus>
>(selectHandleStatus, 'empty');
const selectHandleMessageOrNone = orElse<HandleCheckSnapshot, string | null>(
  selectHandleMessage,
  null,
);
/** The address the activation link was sent to, once the account was created. */
const selectCreatedEmail = (s: SignupSnapshot): string | null =>
  selectAccountCreated(s) ? (s.context.verifiedEmail ?? '') : null;

interface SignupScreenProps extends FlowScreenProps<SignupActors> {
  loadCountries: CountriesLoader;
  termsUrl: string;
  privacyPolicyUrl: string;
}

/**
 * Signup at /signup (Individual) and /signup-charity (Charity), in the full-page layout. Reads
 * the signup flow (with its email verification and handle check) and the third-party sign-up
 * that runs beside it.
 */
export function SignupScreen({
  flow,
  loadCountries,
  termsUrl,
  privacyPolicyUrl,
}: SignupScreenProps) {
  const countries = useCountries(loadCountries);
  return (
    <SignupForm
      signupRef={flow.signup}
      thirdPartyRef={flow.signupThirdParty}
      countries={countries}
      termsUrl={termsUrl}
      privacyPolicyUrl={privacyPolicyUrl}
    />
  );
}

interface SignupFormProps {
  signupRef: FlowRefs<SignupActors>['signup'];
  thirdPartyRef: FlowRefs<SignupActors>['signupThirdParty'];
  countries: readonly CountryOption[];
  termsUrl: string;
  privacyPolicyUrl: string;
}

function SignupForm({
  signupRef,
  thirdPartyRef,
  countries,
  termsUrl,
  privacyPolicyUrl,
}: SignupFormProps) {
  const accountType = useSelector(signupRef, selectSignupAccountType);

  const minimumPasswordLength = useSelector(signupRef, selectSignupMinimumPasswordLength);
  const submitting = useSelector(signupRef, selectSignupSubmitting);
  const alert = useSelector(signupRef, selectSignupAlert);
  const formLoadFailed = useSelector(signupRef, selectFormLoadFailed);
  const fieldErrors = useSelector(signupRef, selectSignupFieldErrors);
  const canSubmit = useSelector(signupRef, selectCanSubmit);
  const ruleErrors = useSelector(signupRef, selectSignupRuleErrors, shallowEqual);
  const createdEmail = useSelector(signupRef, selectCreatedEmail);

  const emailRef = useSelector(signupRef, selectSignupEmailVerificationRef);
  const emailState = useSelector(emailRef, selectEmailStateOrEntering);
  const email = useSelector(emailRef, selectEmailOrEmpty);
  const emailErrors = useSelector(emailRef, selectEmailErrorsOrNone);
  const showResend = useSelector(emailRef, selectShowsResendOrNot);

  const handleRef = useSelector(signupRef, selectSignupHandleCheckRef);
  const handleStatus = useSelector(handleRef, selectHandleStatusOrEmpty);
  const handleMessage = useSelector(handleRef, selectHandleMessageOrNone);

  const thirdPartyBusy = useSelector(thirdPartyRef, selectThirdPartyBusy);
  const thirdPartyAlert = useSelector(thirdPartyRef, selectThirdPartyAlert);
  const thirdPartyNotice = useSelector(thirdPartyRef, selectThirdPartyNotice);

  // A blocked 'Next' asks the view to focus the first errored field the machine names (again
  // when it is the same field as last time). Taken when 'Next' is pressed, not followed live:
  // a check that ends later must not move the focus away from where the person is typing.
  const [focusRequest, setFocusRequest] = useState<{ field: SignupFieldName | null; id: number }>({
    field: null,
    id: 0,
  });
  // 'Form Load Error' stays true in the machine; dismissing only hides it until the next 'Next'.
  const [formLoadDismissed, setFormLoadDismissed] = useState(false);

  const alerts = signupAlerts(alert, thirdPartyAlert);

  const onDismissAlert = (kind: SignupAlertKind) => {
    if (kind === 'formLoadError') setFormLoadDismissed(true);
    else if (
      kind === 'thirdPartyError' ||
      (kind === 'recaptchaError' && alerts.captchaFromThirdParty)
    ) {
      thirdPartyRef.send({ type: 'alert.dismiss' });
    } else signupRef.send({ type: 'alert.dismiss' });
  };

  return (
    <SignupView
      accountType={accountType}
      minimumPasswordLength={minimumPasswordLength}
      countries={countries}
      termsUrl={termsUrl}
      privacyPolicyUrl={privacyPolicyUrl}
      emailVerification={{ state: emailState, email, errorMessages: emailErrors, showResend }}
      onRequestCode={(value) => emailRef?.send({ type: 'code.request', email: value })}
      onSubmitCode={(code) => emailRef?.send({ type: 'code.verify', code })}
      onResendCode={() => emailRef?.send({ type: 'code.resend' })}
      onChangeEmail={() => emailRef?.send({ type: 'email.edit' })}
      handleStatus={handleStatus}
      handleMessage={handleMessage}
      onHandleChange={(value) => handleRef?.send({ type: 'handle.change', value })}
      submitting={submitting}
      canSubmit={canSubmit}
      ruleErrors={ruleErrors}
      fieldErrors={fieldErrors}
      focusField={focusRequest.field}
      focusRequestId={focusRequest.id}
      onSubmit={(values) => {
        setFormLoadDismissed(false);
        signupRef.send({ type: 'form.submit', values });
        const field = selectFocusField(signupRef.getSnapshot());
        if (field) setFocusRequest((request) => ({ field, id: request.id + 1 }));
      }}
      onThirdPartySignup={(details) => thirdPartyRef.send({ type: 'signUp.start', details })}
      thirdPartyBusy={thirdPartyBusy}
      thirdPartyNotice={thirdPartyNotice}
      formLoadError={
        formLoadFailed && !formLoadDismissed ? { messages: [signupTexts.formLoadError] } : null
      }
      recaptchaError={alerts.recaptchaError}
      signupError={alerts.signupError}
      thirdPartyError={alerts.thirdPartyError}
      warning={alerts.warning}
      onDismissAlert={onDismissAlert}
      accountCreated={createdEmail === null ? null : { email: createdEmail }}
    />
  );
}

/**
 * The machines' alerts as the view's kinds: the signup's 'Signup Error', 'ReCaptcha Error' or
 * warning, and the third-party sign-up's error (its 'ReCaptcha Error' shows as the captcha one).
 * The alerts say what they are (`kind`); nothing here reads their texts.
 */
function signupAlerts(
  alert: ReturnType<typeof selectSignupAlert>,
  thirdParty: ReturnType<typeof selectThirdPartyAlert>,
) {
  const signupCaptcha = alert?.kind === 'captcha' ? alert : null;
  const thirdPartyCaptcha = thirdParty?.kind === 'captcha' ? thirdParty : null;
  const of = (a: { messages: readonly string[] } | null): SignupAlert | null =>
    a ? { messages: a.messages } : null;
  return {
    recaptchaError: of(signupCaptcha ?? thirdPartyCaptcha),
    captchaFromThirdParty: signupCaptcha === null && thirdPartyCaptcha !== null,
    signupError: of(alert?.kind === 'signup' ? alert : null),
    warning: of(alert?.kind === 'warning' ? alert : null),
    thirdPartyError: of(thirdParty?.kind === 'failure' ? thirdParty : null),
  };
}
