import { shallowEqual, useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
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
  const values = useSelector(ref, selectPreferencesValues, shallowEqual);
  const loading = useSelector(ref, selectPreferencesLoading);
  const loadFailed = useSelector(ref, selectPreferencesLoadFailed);
  const saving = useSelector(ref, selectPreferencesSaving);
  const alert = useSelector(ref, selectPreferencesAlert);
  if (!user) return null;
  return (
    <AccountAreaFrame user={user} path="/account/preferences">
      <PreferencesView
        loading={loading}
        loadFailed={loadFailed}
        onRetry={() => ref.send({ type: 'retry' })}
        initialValues={values}
        saving={saving}
        onSubmit={(submitted) => ref.send({ type: 'form.submit', values: submitted })}
        alert={alert}
        onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      />
    </AccountAreaFrame>
  );
}
