import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  EMPTY_NEW_ORGANISATION,
  newOrganisationFormStruct,
  trimmedValues,
  type NewOrganisationFormValues,
} from '../../validation/organisation';
import { Button } from '../../views/components/Button';
import { AccountPanel, type AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';
import { OrganisationFields } from '../../views/components/OrganisationFields';

export interface NewOrganisationViewProps {
  /** The logo upload widget (square, min 400, max 800 px). */
  logo: ReactNode;
  /** The logo widget is at work (checking, uploading): the form waits for it. */
  logoBusy: boolean;
  /** 'Creating...' from the call until the new organisation is the current one. */
  busy: boolean;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
  onSubmit: (values: NewOrganisationFormValues) => void;
}

/** New Organisation (spec §2.3): company name, email, contact name, contact phone, logo. */
export function NewOrganisationView({
  logo,
  logoBusy,
  busy,
  alert,
  onDismissAlert,
  onSubmit,
}: NewOrganisationViewProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewOrganisationFormValues>({
    resolver: superstructResolver(newOrganisationFormStruct),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_NEW_ORGANISATION,
  });
  const submit = handleSubmit((values) => {
    if (!busy && !logoBusy) onSubmit(trimmedValues(values));
  });
  return (
    <AccountPanel
      title="New Organisation"
      lead="Create an organisation: you will be its owner and Administrator."
      alert={alert}
      onDismissAlert={onDismissAlert}
    >
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <OrganisationFields
          variant="new"
          field={(name) => ({ ...register(name), error: errors[name]?.message })}
          logo={logo}
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            busy={busy}
            busyText="Creating..."
            aria-disabled={logoBusy || undefined}
          >
            Create Organisation
          </Button>
        </div>
      </form>
    </AccountPanel>
  );
}
