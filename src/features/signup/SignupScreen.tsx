import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import * as chart from './signupMachine';
import {
  selectThirdPartyAlert,
  selectThirdPartyBusy,
  selectThirdPartyNotice,
} from '../../machines/thirdPartySignInMachine';
import { SignupView, type SignupAlertKind } from './SignupView';
import type { SignupFieldName } from '../../validation/signup';
import type { CountriesLoader, CountryOption } from '../../shared/countries';
import type { FlowRefs, FlowScreenProps } from '../../shared/flow';
import { useCountries } from '../../shared/useCountries';
import { useEmailVerificationWidget, useHandleCheckField } from '../../shared/useIdentityWidgets';
import type { SignupActors } from './signup.flow';

/** The address the activation link was sent to, once the account was created. */
const selectCreatedEmail = (s: chart.SignupSnapshot): string | null =>
  chart.selectAccountCreated(s) ? (s.context.verifiedEmail ?? '') : null;

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
  const accountType = useSelector(signupRef, chart.selectSignupAccountType);

  const minimumPasswordLength = useSelector(signupRef, chart.selectSignupMinimumPasswordLength);
  const submitting = useSelector(signupRef, chart.selectSignupSubmitting);
  const alert = useSelector(signupRef, chart.selectSignupAlert);
  const formLoadErrorShown = useSelector(signupRef, chart.selectFormLoadErrorShown);
  const fieldErrors = useSelector(signupRef, chart.selectSignupFieldErrors);
  const canSubmit = useSelector(signupRef, chart.selectCanSubmit);
  const ruleErrors = useSelector(signupRef, chart.selectSignupRuleErrors, shallowEqual);
  const createdEmail = useSelector(signupRef, selectCreatedEmail);

  // Signup needs no word of the address as it is typed: an unverified one is refused anyway.
  const { onEmailInput: _typed, ...emailWidget } = useEmailVerificationWidget(
    useSelector(signupRef, chart.selectSignupEmailVerificationRef),
  );
  const handleField = useHandleCheckField(useSelector(signupRef, chart.selectSignupHandleCheckRef));

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
  const alerts = chart.signupScreenAlerts(alert, thirdPartyAlert);

  const onDismissAlert = (kind: SignupAlertKind) => {
    if (kind === 'formLoadError') signupRef.send({ type: 'formLoadError.dismiss' });
    else if (alerts.owners[kind] === 'thirdParty') thirdPartyRef.send({ type: 'alert.dismiss' });
    else signupRef.send({ type: 'alert.dismiss' });
  };

  return (
    <SignupView
      accountType={accountType}
      minimumPasswordLength={minimumPasswordLength}
      countries={countries}
      termsUrl={termsUrl}
      privacyPolicyUrl={privacyPolicyUrl}
      {...emailWidget}
      {...handleField}
      submitting={submitting}
      canSubmit={canSubmit}
      ruleErrors={ruleErrors}
      fieldErrors={fieldErrors}
      focusField={focusRequest.field}
      focusRequestId={focusRequest.id}
      onSubmit={(values) => {
        signupRef.send({ type: 'form.submit', values });
        const field = chart.selectFocusField(signupRef.getSnapshot());
        if (field) setFocusRequest((request) => ({ field, id: request.id + 1 }));
      }}
      onThirdPartySignup={(details) => thirdPartyRef.send({ type: 'signUp.start', details })}
      thirdPartyBusy={thirdPartyBusy}
      thirdPartyNotice={thirdPartyNotice}
      formLoadError={formLoadErrorShown ? { messages: [chart.signupTexts.formLoadError] } : null}
      recaptchaError={alerts.recaptchaError}
      signupError={alerts.signupError}
      thirdPartyError={alerts.thirdPartyError}
      warning={alerts.warning}
      onDismissAlert={onDismissAlert}
      accountCreated={createdEmail === null ? null : { email: createdEmail }}
    />
  );
}
