import { shallowEqual, useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { useAccountPanelStatus } from '../../shared/useAccountPanelStatus';
import { PreferencesView } from './PreferencesView';
import type { PreferencesActors } from './preferences.flow';
import {
  selectPreferencesAlert,
  selectPreferencesLoadFailed,
  selectPreferencesLoading,
  selectPreferencesSaving,
  selectPreferencesValues,
} from './preferencesMachine';

/** Preferences at /account/preferences, in the account area. */
export function PreferencesScreen({ flow, user }: FlowScreenProps<PreferencesActors>) {
  const ref = flow.preferences;
  const status = useAccountPanelStatus(ref, {
    loading: selectPreferencesLoading,
    loadFailed: selectPreferencesLoadFailed,
    alert: selectPreferencesAlert,
  });
  const values = useSelector(ref, selectPreferencesValues, shallowEqual);
  const saving = useSelector(ref, selectPreferencesSaving);
  if (!user) return null;
  return (
    <AccountAreaFrame user={user} path="/account/preferences">
      <PreferencesView
        {...status}
        initialValues={values}
        saving={saving}
        onSubmit={(submitted) => ref.send({ type: 'form.submit', values: submitted })}
      />
    </AccountAreaFrame>
  );
}
