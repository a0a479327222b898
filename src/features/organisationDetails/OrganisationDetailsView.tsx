import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  organisationDetailsFormStruct,
  trimmedValues,
  type OrganisationDetailsFormValues,
} from '../../validation/organisation';
import { Button } from '../../views/components/Button';
import { AccountPanel, type AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';
import {
  OrganisationFields,
  OrganisationLogoField,
  organisationFieldLabels as labels,
} from '../../views/components/OrganisationFields';
import orgStyles from '../../views/components/OrganisationView.module.css';

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

/** Organisation Details (/account/organisation): the organisation's details and logo. */
export function OrganisationDetailsView(props: OrganisationDetailsViewProps) {
  const { initialValues, canEdit } = props;
  return (
    <AccountPanel
      title="Organisation Details"
      lead={canEdit ? undefined : "Only the organisation's Administrators can change its details."}
      status={props}
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
      <OrganisationLogoField>
        {logoUrl === '' ? (
          <p className={orgStyles.noLogo}>No logo</p>
        ) : (
          <img className={orgStyles.logo} src={logoUrl} alt={`${values.name} logo`} />
        )}
      </OrganisationLogoField>
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
      <OrganisationFields
        variant="details"
        field={(name) => ({ ...register(name), error: errors[name]?.message })}
        logo={logo}
      />
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
