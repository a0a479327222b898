/**
 * Organisations (spec §2.3 New Organisation, §3 Organisation, §4 Organisation creation, §5
 * Organisation, §7.2 Tenants new, get, updateDetails, §8 Organisation). Shared by the client and
 * the server; kept apart from contract/tenants.ts, whose status calls the landing page loads.
 */
import {
  boolean,
  enums,
  nullable,
  object,
  optional,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { accountTypes } from './enums';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, hasNoControlCharacters, isValidEmail } from './identity';
import { isValidPostLink } from './posts';
import { Id } from './structs';

/**
 * Spec §5 Organisation and §8 Organisation: the New Organisation and Organisation Details forms'
 * messages and the screens' errors. The texts the spec does not give (the saved message, a bad
 * website, a number too long, a refused logo) are written in its manner.
 */
export const organisationTexts = {
  nameRequired: 'Please enter the company name',
  emailRequired: 'Please enter a company email address',
  emailInvalid: 'Please enter a valid email address',
  contactNameRequired: 'Please enter a contact name',
  contactPhoneRequired: 'Please enter a contact phone',
  websiteInvalid: 'Invalid URL',
  tooLong: `Maximum ${NAME_MAX} characters allowed`,
  numberTooLong: 'Maximum 64 characters allowed',
  createFailed: 'Error creating new organisation',
  userDetailsTitle: 'Error getting user details',
  formDataFailed: 'There was an error loading the data for this form',
  updateFailed: 'Error updating organisation details',
  updated: 'Organisation details updated',
  logoNotUsable: 'The logo upload has expired or cannot be used; please choose the logo again.',
  notAdministrator: "Only the organisation's Administrators can change its details.",
} as const;

/**
 * A contact phone as the organisation screens take it (free form, any country's way of writing
 * it): digits with the usual separators and an optional leading '+', at least 3 digits, nothing
 * else (no words, no markup, no line breaks).
 */
const CONTACT_PHONE = /^\+?[0-9 ()./-]+$/;
export const isContactPhone = (value: string) =>
  CONTACT_PHONE.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 3;

/** Company and VAT numbers: free text up to 64 characters. */
export const ORGANISATION_NUMBER_MAX = 64;
export const WEBSITE_MAX = 2048;

/** A website is empty or an absolute http/https URL. */
export const isValidWebsite = (value: string) =>
  value.length <= WEBSITE_MAX && isValidPostLink(value);

const Required = (max: number) =>
  refine(size(string(), 1, max), 'required', (v) => v.trim() !== '');
/** An organisation's name or contact name: required, on one line. */
export const OrganisationName = refine(Required(NAME_MAX), 'name', hasNoControlCharacters);
const OrganisationEmail = refine(size(string(), 1, EMAIL_MAX), 'email', (v) =>
  isValidEmail(v.trim()),
);
/** The contact phone: required, a phone number's characters (isContactPhone). */
export const ContactPhone = refine(Required(PHONE_MAX), 'phone', (v) => isContactPhone(v.trim()));
const Website = refine(size(string(), 0, WEBSITE_MAX), 'website', (v) => isValidWebsite(v.trim()));
/** A pending upload of the organisation-logo preset (the media service's file id). */
const LogoId = optional(nullable(size(string(), 1, 64)));

/** The field messages of both organisation calls (a 400 with these texts). */
export const organisationFieldMessages = {
  name: {
    required: organisationTexts.nameRequired,
    invalid: organisationTexts.nameRequired,
    tooLong: organisationTexts.tooLong,
  },
  email: {
    required: organisationTexts.emailRequired,
    invalid: organisationTexts.emailInvalid,
    tooLong: organisationTexts.emailInvalid,
  },
  contactName: {
    required: organisationTexts.contactNameRequired,
    invalid: organisationTexts.contactNameRequired,
    tooLong: organisationTexts.tooLong,
  },
  contactPhone: {
    required: organisationTexts.contactPhoneRequired,
    invalid: organisationTexts.contactPhoneRequired,
    tooLong: organisationTexts.tooLong,
  },
  companyNumber: { tooLong: organisationTexts.numberTooLong },
  vatNumber: { tooLong: organisationTexts.numberTooLong },
  website: { invalid: organisationTexts.websiteInvalid, tooLong: organisationTexts.websiteInvalid },
  logoId: { required: organisationTexts.logoNotUsable, tooLong: organisationTexts.logoNotUsable },
} as const;

/**
 * POST tenants/new (spec §7.2: name, email, contactName, contactPhone, logoId). The logo is a
 * pending upload of the organisation-logo preset, made by the caller with the avatar widget.
 */
export const NewOrganisationRequest = object({
  name: OrganisationName,
  email: OrganisationEmail,
  contactName: OrganisationName,
  contactPhone: ContactPhone,
  logoId: LogoId,
});
export type NewOrganisationRequest = Infer<typeof NewOrganisationRequest>;

/** tenants/new answers the new organisation's guid (spec) and its id (for auth/switchTenant). */
export const NewOrganisationResponse = object({ id: Id, guid: string() });
export type NewOrganisationResponse = Infer<typeof NewOrganisationResponse>;

/** GET tenants/get?id=: the current organisation only (any of its members). */
export const GetOrganisationRequest = object({ id: Id });
export type GetOrganisationRequest = Infer<typeof GetOrganisationRequest>;

/**
 * Spec §3 Organisation's own fields as every answer shows them, in the wire's order (the
 * organisation's details, and the host's record of it, add theirs after these).
 */
export const organisationFields = {
  id: Id,
  guid: string(),
  name: string(),
  accountType: enums(accountTypes),
  companyNumber: string(),
  vatNumber: string(),
  email: string(),
  contactName: string(),
  contactPhone: string(),
  website: string(),
};

/** Spec §3 Organisation: its details, with the logo's URL ('' when none). */
export const Organisation = object({
  ...organisationFields,
  /** The stored logo's media file id, or null. */
  logoId: nullable(string()),
  logoUrl: string(),
});
export type Organisation = Infer<typeof Organisation>;

/**
 * POST tenants/updateDetails: the current organisation's details (its Administrators only). A
 * logoId is a new pending upload of the organisation-logo preset; removeLogo takes the logo away.
 */
export const UpdateOrganisationDetailsRequest = object({
  id: Id,
  name: OrganisationName,
  companyNumber: size(string(), 0, ORGANISATION_NUMBER_MAX),
  vatNumber: size(string(), 0, ORGANISATION_NUMBER_MAX),
  email: OrganisationEmail,
  contactName: OrganisationName,
  contactPhone: ContactPhone,
  website: Website,
  logoId: LogoId,
  removeLogo: optional(boolean()),
});
export type UpdateOrganisationDetailsRequest = Infer<typeof UpdateOrganisationDetailsRequest>;

/**
 * The reference an organisation logo's upload carries to the media service: it names the
 * uploader, so that only they can use it in tenants/new or tenants/updateDetails.
 */
export const logoUploadReference = (userGuid: string) => `logo:${userGuid}`;
