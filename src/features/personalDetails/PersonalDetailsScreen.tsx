import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
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
import { AccountAreaFrame } from '../../platform/AccountAreaFrame';
import type { CountriesLoader } from '../../platform/countries';
import type { FlowScreenProps } from '../../platform/flow';
import { orElse } from '../../platform/orElse';
import { useCountries } from '../../platform/useCountries';
import { personalDetailsFormValues, type PersonalDetailsFieldName } from '../../validation/account';
import type { EmailVerificationState } from '../../views/components/EmailVerificationField';
import { PersonalDetailsView } from '../../views/screens/PersonalDetailsView';
import type { PersonalDetailsActors } from './personalDetails.flow';
import {
  selectEmailConfirmation,
  selectPersonalDetails,
  selectPersonalDetailsAlert,
  selectPersonalDetailsEmailRef,
  selectPersonalDetailsFieldErrors,
  selectPersonalDetailsFocusField,
  selectPersonalDetailsHandleRef,
  selectPersonalDetailsLoadFailed,
  selectPersonalDetailsLoading,
  selectPersonalDetailsRuleErrors,
  selectPersonalDetailsSaving,
} from './personalDetailsMachine';

const NO_MESSAGES: readonly string[] = [];
// The children run only once the details are loaded: before that their selectors fall back.
const selectPhase = orElse(selectEmailVerificationPhase, 'entering' as EmailVerificationState);
const selectEmailOrEmpty = orElse<EmailVerificationSnapshot, string>(selectEmail, '');
const selectEmailErrors = orElse(
  (s: EmailVerificationSnapshot) => selectEmailVerificationErrors(s) ?? NO_MESSAGES,
  NO_MESSAGES,
);
const selectShowsResend = orElse<EmailVerificationSnapshot, boolean>(selectShowsResendLink, false);
const selectHandleStatusOrEmpty = orElse<
  HandleCheckSnapshot,
  ReturnType<typeof selectHandleStatus>
>(selectHandleStatus, 'empty');
const selectHandleMessageOrNone = orElse<HandleCheckSnapshot, string | null>(
  selectHandleMessage,
  null,
);

interface PersonalDetailsScreenProps extends FlowScreenProps<PersonalDetailsActors> {
  loadCountries: CountriesLoader;
}

/** Personal Details at /account/personal-details and /account, in the account area. */
export function PersonalDetailsScreen({ flow, user, loadCountries }: PersonalDetailsScreenProps) {
  const ref = flow.personalDetails;
  const countries = useCountries(loadCountries);
  const details = useSelector(ref, selectPersonalDetails);
  const loading = useSelector(ref, selectPersonalDetailsLoading);
  const loadFailed = useSelector(ref, selectPersonalDetailsLoadFailed);
  const saving = useSelector(ref, selectPersonalDetailsSaving);
  const alert = useSelector(ref, selectPersonalDetailsAlert);
  const fieldErrors = useSelector(ref, selectPersonalDetailsFieldErrors);
  const ruleErrors = useSelector(ref, selectPersonalDetailsRuleErrors, shallowEqual);
  const emailConfirmation = useSelector(ref, selectEmailConfirmation, shallowEqual);

  const emailRef = useSelector(ref, selectPersonalDetailsEmailRef);
  const emailState = useSelector(emailRef, selectPhase);
  const email = useSelector(emailRef, selectEmailOrEmpty);
  const emailErrors = useSelector(emailRef, selectEmailErrors);
  const showResend = useSelector(emailRef, selectShowsResend);

  const handleRef = useSelector(ref, selectPersonalDetailsHandleRef);
  const handleStatus = useSelector(handleRef, selectHandleStatusOrEmpty);
  const handleMessage = useSelector(handleRef, selectHandleMessageOrNone);

  // The form takes its starting values when it mounts (once loaded); a save keeps what it holds.
  const initialValues = useMemo(
    () => (details ? personalDetailsFormValues(details) : null),
    [details],
  );

  const [focusRequest, setFocusRequest] = useState<{
    field: PersonalDetailsFieldName | null;
    id: number;
  }>({ field: null, id: 0 });

  if (!user) return null;
  return (
    <AccountAreaFrame user={user} path="/account/personal-details">
      <PersonalDetailsView
        loading={loading}
        loadFailed={loadFailed}
        onRetry={() => ref.send({ type: 'retry' })}
        initialValues={initialValues}
        countries={countries}
        emailVerification={{ state: emailState, email, errorMessages: emailErrors, showResend }}
        onRequestCode={(value) => emailRef?.send({ type: 'code.request', email: value })}
        onSubmitCode={(code) => emailRef?.send({ type: 'code.verify', code })}
        onResendCode={() => emailRef?.send({ type: 'code.resend' })}
        onChangeEmail={() => emailRef?.send({ type: 'email.edit' })}
        onEmailInput={(value) => emailRef?.send({ type: 'email.change', email: value })}
        emailConfirmation={emailConfirmation}
        handleStatus={handleStatus}
        handleMessage={handleMessage}
        onHandleChange={(value) => handleRef?.send({ type: 'handle.change', value })}
        saving={saving}
        ruleErrors={ruleErrors}
        fieldErrors={fieldErrors}
        focusField={focusRequest.field}
        focusRequestId={focusRequest.id}
        onSubmit={(values) => {
          ref.send({ type: 'form.submit', values });
          const field = selectPersonalDetailsFocusField(ref.getSnapshot());
          if (field) setFocusRequest((request) => ({ field, id: request.id + 1 }));
        }}
        alert={alert}
        onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      />
    </AccountAreaFrame>
  );
}
