import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../../../contract/identity';
import {
  EMPTY_NEW_ORGANISATION,
  newOrganisationFormStruct,
  trimmedValues,
  type NewOrganisationFormValues,
} from '../../validation/organisation';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { AccountPanel, type AccountAlert } from './AccountPanel';
import styles from './AccountScreen.module.css';
import orgStyles from './OrganisationView.module.css';

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
        <TextField
          label="Company name"
          autoComplete="organization"
          aria-required="true"
          maxLength={NAME_MAX}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          aria-required="true"
          maxLength={EMAIL_MAX}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Contact name"
          autoComplete="name"
          aria-required="true"
          maxLength={NAME_MAX}
          error={errors.contactName?.message}
          {...register('contactName')}
        />
        <TextField
          label="Contact phone"
          type="tel"
          autoComplete="tel"
          aria-required="true"
          maxLength={PHONE_MAX}
          error={errors.contactPhone?.message}
          {...register('contactPhone')}
        />
        <div className={orgStyles.logoField}>
          <span className={orgStyles.logoLabel}>Logo</span>
          {logo}
        </div>
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
