import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../../../contract/identity';
import { ORGANISATION_NUMBER_MAX, WEBSITE_MAX } from '../../../contract/organisations';
import type {
  NewOrganisationFormValues,
  OrganisationDetailsFormValues,
} from '../../validation/organisation';
import { TextField } from './TextField';
import styles from '../layouts/AccountScreen.module.css';
import orgStyles from './OrganisationView.module.css';

/** The organisation's fields' labels, in screen order (also Organisation Details' read-only list). */
export const organisationFieldLabels: Record<keyof OrganisationDetailsFormValues, string> = {
  name: 'Company name',
  companyNumber: 'Company number',
  vatNumber: 'VAT number',
  email: 'Email',
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  website: 'Website',
};

const labels = organisationFieldLabels;

/** A field's react-hook-form `register(name)` with its validation message. */
export interface OrganisationFieldBinding extends UseFormRegisterReturn {
  error: string | undefined;
}

export type OrganisationFieldsProps =
  | {
      /** New Organisation: the four required fields, one under the other. */
      variant: 'new';
      field: (name: keyof NewOrganisationFormValues) => OrganisationFieldBinding;
      /** The logo upload widget. */
      logo: ReactNode;
    }
  | {
      /** Organisation Details: also the company and VAT numbers and the website, in pairs. */
      variant: 'details';
      field: (name: keyof OrganisationDetailsFormValues) => OrganisationFieldBinding;
      logo: ReactNode;
    };

/**
 * The organisation's fields and its logo (spec §2.3 New Organisation, Organisation Details): the
 * same labels, limits and autocomplete on both screens. The form (and its rules) is the screen's.
 */
export function OrganisationFields(props: OrganisationFieldsProps) {
  const { field, logo } = props;
  const name = (
    <TextField
      label={labels.name}
      autoComplete="organization"
      aria-required="true"
      maxLength={NAME_MAX}
      {...field('name')}
    />
  );
  const email = (
    <TextField
      label={labels.email}
      type="email"
      autoComplete="email"
      aria-required="true"
      maxLength={EMAIL_MAX}
      {...field('email')}
    />
  );
  const contactName = (
    <TextField
      label={labels.contactName}
      autoComplete="name"
      aria-required="true"
      maxLength={NAME_MAX}
      {...field('contactName')}
    />
  );
  const contactPhone = (
    <TextField
      label={labels.contactPhone}
      type="tel"
      autoComplete="tel"
      aria-required="true"
      maxLength={PHONE_MAX}
      {...field('contactPhone')}
    />
  );
  const logoField = <OrganisationLogoField>{logo}</OrganisationLogoField>;
  if (props.variant === 'new') {
    return (
      <>
        {name}
        {email}
        {contactName}
        {contactPhone}
        {logoField}
      </>
    );
  }
  return (
    <>
      {name}
      <div className={styles.row}>
        <TextField
          label={labels.companyNumber}
          maxLength={ORGANISATION_NUMBER_MAX}
          {...props.field('companyNumber')}
        />
        <TextField
          label={labels.vatNumber}
          maxLength={ORGANISATION_NUMBER_MAX}
          {...props.field('vatNumber')}
        />
      </div>
      {email}
      <div className={styles.row}>
        {contactName}
        {contactPhone}
      </div>
      <TextField
        label={labels.website}
        type="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={WEBSITE_MAX}
        {...props.field('website')}
      />
      {logoField}
    </>
  );
}

/** The 'Logo' caption over the logo widget, or over the saved logo for a Standard User. */
export function OrganisationLogoField({ children }: { children: ReactNode }) {
  return (
    <div className={orgStyles.logoField}>
      <span className={orgStyles.logoLabel}>Logo</span>
      {children}
    </div>
  );
}
