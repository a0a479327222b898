import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../../../contract/identity';
import { ORGANISATION_NUMBER_MAX, WEBSITE_MAX } from '../../../contract/organisations';
import {
  organisationDetailsFormStruct,
  trimmedValues,
  type OrganisationDetailsFormValues,
} from '../../validation/organisation';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { AccountPanel, type AccountAlert } from './AccountPanel';
import styles from './AccountScreen.module.css';
import orgStyles from './OrganisationView.module.css';

export interface OrganisationDetailsViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  /** The saved details (null until loaded). */
  initialValues: OrganisationDetailsFormValues | null;
  /** Administrators edit (the form); a Standard User reads (spec §6). */
  canEdit: boolean;
  /** The logo upload widget (an Administrator's), square, min 400, max 800 px. */
  logo: ReactNode;
  /** The saved logo's URL ('' when none), shown to a Standard User. */
  logoUrl: string;
  logoBusy: boolean;
  saving: boolean;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
  onSubmit: (values: OrganisationDetailsFormValues) => void;
}

const labels: Record<keyof OrganisationDetailsFormValues, string> = {
  name: 'Company name',
  companyNumber: 'Company number',
  vatNumber: 'VAT number',
  email: 'Email',
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  website: 'Website',
};

/** Organisation Details (/account/organisation): the organisation's details and logo. */
export function OrganisationDetailsView(props: OrganisationDetailsViewProps) {
  const { loading, loadFailed, onRetry, alert, onDismissAlert, initialValues, canEdit } = props;
  return (
    <AccountPanel
      title="Organisation Details"
      lead={canEdit ? undefined : "Only the organisation's Administrators can change its details."}
      loading={loading}
      loadFailed={loadFailed}
      onRetry={onRetry}
      alert={alert}
      onDismissAlert={onDismissAlert}
    >
      {initialValues === null ? null : canEdit ? (
        <OrganisationDetailsForm {...props} initialValues={initialValues} />
      ) : (
        <OrganisationFacts values={initialValues} logoUrl={props.logoUrl} />
      )}
    </AccountPanel>
  );
}

function OrganisationFacts({
  values,
  logoUrl,
}: {
  values: OrganisationDetailsFormValues;
  logoUrl: string;
}) {
  return (
    <>
      <div className={orgStyles.logoField}>
        <span className={orgStyles.logoLabel}>Logo</span>
        {logoUrl === '' ? (
          <p className={orgStyles.noLogo}>No logo</p>
        ) : (
          <img className={orgStyles.logo} src={logoUrl} alt={`${values.name} logo`} />
        )}
      </div>
      <dl className={styles.facts}>
        {(Object.keys(labels) as Array<keyof OrganisationDetailsFormValues>).map((key) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{labels[key]}</dt>
            <dd>{values[key] === '' ? '—' : values[key]}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function OrganisationDetailsForm({
  initialValues,
  logo,
  logoBusy,
  saving,
  onSubmit,
}: OrganisationDetailsViewProps & { initialValues: OrganisationDetailsFormValues }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OrganisationDetailsFormValues>({
    resolver: superstructResolver(organisationDetailsFormStruct),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initialValues,
  });
  const submit = handleSubmit((values) => {
    if (!saving && !logoBusy) onSubmit(trimmedValues(values));
  });
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={labels.name}
        autoComplete="organization"
        aria-required="true"
        maxLength={NAME_MAX}
        error={errors.name?.message}
        {...register('name')}
      />
      <div className={styles.row}>
        <TextField
          label={labels.companyNumber}
          maxLength={ORGANISATION_NUMBER_MAX}
          error={errors.companyNumber?.message}
          {...register('companyNumber')}
        />
        <TextField
          label={labels.vatNumber}
          maxLength={ORGANISATION_NUMBER_MAX}
          error={errors.vatNumber?.message}
          {...register('vatNumber')}
        />
      </div>
      <TextField
        label={labels.email}
        type="email"
        autoComplete="email"
        aria-required="true"
        maxLength={EMAIL_MAX}
        error={errors.email?.message}
        {...register('email')}
      />
      <div className={styles.row}>
        <TextField
          label={labels.contactName}
          autoComplete="name"
          aria-required="true"
          maxLength={NAME_MAX}
          error={errors.contactName?.message}
          {...register('contactName')}
        />
        <TextField
          label={labels.contactPhone}
          type="tel"
          autoComplete="tel"
          aria-required="true"
          maxLength={PHONE_MAX}
          error={errors.contactPhone?.message}
          {...register('contactPhone')}
        />
      </div>
      <TextField
        label={labels.website}
        type="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={WEBSITE_MAX}
        error={errors.website?.message}
        {...register('website')}
      />
      <div className={orgStyles.logoField}>
        <span className={orgStyles.logoLabel}>Logo</span>
        {logo}
      </div>
      <div className={styles.actions}>
        <Button
          type="submit"
          busy={saving}
          busyText="Saving..."
          aria-disabled={logoBusy || undefined}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
