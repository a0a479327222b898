/**
 * The organisation forms (spec §5 Organisation): New Organisation and Organisation Details. Pure
 * superstruct, no IO; the messages are the contract's, which the server answers too.
 */
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, isValidEmail } from '../../contract/identity';
import {
  ORGANISATION_NUMBER_MAX,
  isContactPhone,
  isValidWebsite,
  organisationTexts as t,
  type Organisation,
} from '../../contract/organisations';
import { formStruct, text, type RuleResult } from './formStruct';

const required =
  (message: string, max: number) =>
  (value: unknown): RuleResult => {
    const trimmed = text(value).trim();
    if (trimmed === '') return message;
    return trimmed.length > max ? t.tooLong : true;
  };

function emailRule(value: unknown): RuleResult {
  const trimmed = text(value).trim();
  if (trimmed === '') return t.emailRequired;
  return trimmed.length <= EMAIL_MAX && isValidEmail(trimmed) ? true : t.emailInvalid;
}

/** Required, and a phone number's characters: the server's rule (contract isContactPhone). */
function contactPhoneRule(value: unknown): RuleResult {
  const result = required(t.contactPhoneRequired, PHONE_MAX)(value);
  if (result !== true) return result;
  return isContactPhone(text(value).trim()) ? true : t.contactPhoneRequired;
}

const numberRule = (value: unknown): RuleResult =>
  text(value).trim().length <= ORGANISATION_NUMBER_MAX ? true : t.numberTooLong;

const websiteRule = (value: unknown): RuleResult =>
  isValidWebsite(text(value).trim()) ? true : t.websiteInvalid;

/** New Organisation's fields, in screen order. */
export interface NewOrganisationFormValues {
  name: string;
  email: string;
  contactName: string;
  contactPhone: string;
}

export const EMPTY_NEW_ORGANISATION: NewOrganisationFormValues = {
  name: '',
  email: '',
  contactName: '',
  contactPhone: '',
};

export const newOrganisationFormStruct = formStruct<NewOrganisationFormValues>(
  'newOrganisationForm',
  {
    name: required(t.nameRequired, NAME_MAX),
    email: emailRule,
    contactName: required(t.contactNameRequired, NAME_MAX),
    contactPhone: contactPhoneRule,
  },
);

/** Organisation Details' fields, in screen order. */
export interface OrganisationDetailsFormValues extends NewOrganisationFormValues {
  companyNumber: string;
  vatNumber: string;
  website: string;
}

export const organisationDetailsFormStruct = formStruct<OrganisationDetailsFormValues>(
  'organisationDetailsForm',
  {
    name: required(t.nameRequired, NAME_MAX),
    companyNumber: numberRule,
    vatNumber: numberRule,
    email: emailRule,
    contactName: required(t.contactNameRequired, NAME_MAX),
    contactPhone: contactPhoneRule,
    website: websiteRule,
  },
);

/** The form as loaded: the saved details. */
export function organisationDetailsFormValues(
  organisation: Organisation,
): OrganisationDetailsFormValues {
  return {
    name: organisation.name,
    companyNumber: organisation.companyNumber,
    vatNumber: organisation.vatNumber,
    email: organisation.email,
    contactName: organisation.contactName,
    contactPhone: organisation.contactPhone,
    website: organisation.website,
  };
}

/** The values as sent: trimmed. */
export function trimmedValues<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as T;
}
