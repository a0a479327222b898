import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { CountriesLoader } from '../../shared/countries';
import type { FlowScreenProps } from '../../shared/flow';
import { useAccountPanelStatus } from '../../shared/useAccountPanelStatus';
import { useCountries } from '../../shared/useCountries';
import { useEmailVerificationWidget, useHandleCheckField } from '../../shared/useIdentityWidgets';
import { personalDetailsFormValues, type PersonalDetailsFieldName } from '../../validation/account';
import { PersonalDetailsView } from './PersonalDetailsView';
import type { PersonalDetailsActors } from './personalDetails.flow';
import * as chart from './personalDetailsMachine';

interface PersonalDetailsScreenProps extends FlowScreenProps<PersonalDetailsActors> {
  loadCountries: CountriesLoader;
}

/** Personal Details at /account/personal-details and /account, in the account area. */
export function PersonalDetailsScreen({ flow, user, loadCountries }: PersonalDetailsScreenProps) {
  const ref = flow.personalDetails;
  const status = useAccountPanelStatus(ref, {
    loading: chart.selectPersonalDetailsLoading,
    loadFailed: chart.selectPersonalDetailsLoadFailed,
    alert: chart.selectPersonalDetailsAlert,
  });
  const countries = useCountries(loadCountries);
  const details = useSelector(ref, chart.selectPersonalDetails);
  const saving = useSelector(ref, chart.selectPersonalDetailsSaving);
  const fieldErrors = useSelector(ref, chart.selectPersonalDetailsFieldErrors);
  const ruleErrors = useSelector(ref, chart.selectPersonalDetailsRuleErrors, shallowEqual);
  const emailConfirmation = useSelector(ref, chart.selectEmailConfirmation, shallowEqual);

  const emailWidget = useEmailVerificationWidget(
    useSelector(ref, chart.selectPersonalDetailsEmailRef),
  );
  const handleField = useHandleCheckField(useSelector(ref, chart.selectPersonalDetailsHandleRef));

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
        {...status}
        initialValues={initialValues}
        countries={countries}
        {...emailWidget}
        emailConfirmation={emailConfirmation}
        {...handleField}
        saving={saving}
        ruleErrors={ruleErrors}
        fieldErrors={fieldErrors}
        focusField={focusRequest.field}
        focusRequestId={focusRequest.id}
        onSubmit={(values) => {
          ref.send({ type: 'form.submit', values });
          const field = chart.selectPersonalDetailsFocusField(ref.getSnapshot());
          if (field) setFocusRequest((request) => ({ field, id: request.id + 1 }));
        }}
      />
    </AccountAreaFrame>
  );
}
