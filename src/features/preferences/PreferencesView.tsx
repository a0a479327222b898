import { useForm } from 'react-hook-form';
import { Button } from '../../views/components/Button';
import { ConsentFields } from '../../views/components/CheckboxField';
import { AccountPanel } from '../../views/layouts/AccountPanel';
import type { AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';

export interface PreferencesFormValues {
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
}

export interface PreferencesViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  /** The saved consents (null until loaded). */
  initialValues: PreferencesFormValues | null;
  saving: boolean;
  onSubmit: (values: PreferencesFormValues) => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
}

/**
 * Preferences ('Communication Preferences', spec §2.3): the two consent checkboxes and Save
 * ('Saving Preferences...'). The annotation colour is not displayed.
 */
export function PreferencesView(props: PreferencesViewProps) {
  const { initialValues, saving, onSubmit } = props;
  return (
    <AccountPanel title="Communication Preferences" status={props}>
      {initialValues ? (
        <PreferencesForm initialValues={initialValues} saving={saving} onSubmit={onSubmit} />
      ) : null}
    </AccountPanel>
  );
}

function PreferencesForm({
  initialValues,
  saving,
  onSubmit,
}: {
  initialValues: PreferencesFormValues;
  saving: boolean;
  onSubmit: (values: PreferencesFormValues) => void;
}) {
  const { register, handleSubmit } = useForm<PreferencesFormValues>({
    defaultValues: initialValues,
  });
  const submit = handleSubmit((values) => {
    if (!saving) onSubmit(values);
  });
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">Emails you receive</legend>
        <ConsentFields register={register} />
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" busy={saving} busyText="Saving Preferences...">
          Save
        </Button>
      </div>
    </form>
  );
}
