/**
 * Organisations (spec §2.3 New Organisation, §3 Organisation, §4 Organisation creation, §6, §7.2
 * Tenants new, get, updateDetails).
 *
 * - tenants/new: any signed-in person creates an organisation (a Charity account, spec §1); they
 *   become its owner and an Administrator; it starts its trial and its onboarding. The client
 *   then switches to it (auth/switchTenant).
 * - tenants/get: the current organisation's details, for any of its members whose login is
 *   enabled; any other id is refused as no access, whether or not it exists.
 * - tenants/updateDetails: the current organisation's details, by its Administrators (the route's
 *   `tenantAdmin` level re-reads the role); any other organisation's id is refused.
 *
 * The logo is handled like a person's avatar (features/avatars): the client uploads it to the
 * media service with the organisation-logo preset and the reference `logoUploadReference(guid)`,
 * and names the pending upload here as logoId. It is used only when it carries the caller's
 * reference, passed that preset and is younger than the pending uploads' time to live (the rule
 * of domain/pendingUploads); it is confirmed as a stored file inside the call, and put back if
 * the transaction fails. A replaced logo's file is deleted after the commit (best effort).
 */
import { UserRole } from '../../../contract/enums';
import { mediaPresetIds } from '../../../contract/media';
import {
  logoUploadReference,
  organisationTexts,
  type NewOrganisationRequest,
  type NewOrganisationResponse,
  type Organisation,
  type UpdateOrganisationDetailsRequest,
} from '../../../contract/organisations';
import type { DomainContext } from '../../domain/context';
import { addDays } from '../../domain/context';
import { adminTexts } from '../../../contract/admin';
import { isStorableId } from '../../db/recordIds';
import { forbidden, invalid, notFound } from '../../domain/errors';
import { findUserById } from '../../domain/queries';
import { toAccountType } from '../../domain/users';
import { confirmOwnUpload, type PendingUploadsContext } from '../../domain/pendingUploads';
import { NO_TENANT_ACCESS, type TenantScope } from '../../domain/scope';
import {
  insertOrganisation,
  lockTenant,
  selectMemberTenant,
  selectTenantById,
  updateOrganisationDetails,
  type OrganisationDetailsChanges,
  type OrganisationDetailsField,
  type TenantRow,
} from './queries';

/** The length of a new organisation's trial (as the seed's trialing organisations). */
export const NEW_ORGANISATION_TRIAL_DAYS = 14;

/** What the organisation calls need beyond the domain context. */
export interface OrganisationsContext extends PendingUploadsContext {
  /** Where a failed deletion of a replaced logo is reported. */
  log: { warn(details: object, message: string): void };
}

/**
 * The details every answer about an organisation carries (contract/organisations.ts
 * organisationFields): its Organisation here, its TenantRecord of the record calls.
 */
export function organisationFieldsOf(tenant: TenantRow) {
  return {
    id: tenant.id,
    guid: tenant.guid,
    name: tenant.name,
    accountType: toAccountType(tenant.accountType),
    companyNumber: tenant.companyNumber,
    vatNumber: tenant.vatNumber,
    email: tenant.email,
    contactName: tenant.contactName,
    contactPhone: tenant.contactPhone,
    website: tenant.website,
  };
}

export function toOrganisation(tenant: TenantRow): Organisation {
  return { ...organisationFieldsOf(tenant), logoId: tenant.logoFileId, logoUrl: tenant.logoUrl };
}

/** Runs `write` with the logo confirmed (if any); the logo goes back to pending if it fails. */
async function withLogo<T>(
  ctx: OrganisationsContext,
  scope: TenantScope,
  logoId: string | null | undefined,
  write: (logo: { fileId: string; url: string } | null) => Promise<T>,
): Promise<T> {
  if (logoId === null || logoId === undefined) return write(null);
  const logo = await confirmOwnUpload(ctx, logoId, {
    presetId: mediaPresetIds.organisationLogo,
    reference: logoUploadReference(scope.userGuid),
  });
  if (logo === null) throw invalid(organisationTexts.logoNotUsable);
  try {
    return await write(logo);
  } catch (error) {
    await logo.undo();
    throw error;
  }
}

/** POST tenants/new: the caller's new organisation, with them as its owner and Administrator. */
export async function createOrganisation(
  ctx: OrganisationsContext,
  scope: TenantScope,
  input: NewOrganisationRequest,
): Promise<NewOrganisationResponse> {
  const now = ctx.now();
  return withLogo(ctx, scope, input.logoId, (logo) =>
    ctx.db.transaction(async (tx) => {
      const tenant = await insertOrganisation(
        tx,
        {
          name: input.name.trim(),
          accountType: 'Charity',
          email: input.email.trim(),
          contactName: input.contactName.trim(),
          contactPhone: input.contactPhone.trim(),
          logoFileId: logo?.fileId ?? null,
          logoUrl: logo?.url ?? '',
          isOnboarding: true,
          isTrialing: true,
          trialEndDate: addDays(now, NEW_ORGANISATION_TRIAL_DAYS),
        },
        scope.userId,
        UserRole.Administrator,
      );
      return { id: tenant.id, guid: tenant.guid };
    }),
  );
}

/** GET tenants/get: the current organisation's details, for any member who may sign into it. */
export async function getOrganisation(
  ctx: DomainContext,
  scope: TenantScope,
  input: { id: number },
): Promise<Organisation> {
  if (input.id !== scope.tenantId) return hostReadsOrganisation(ctx, scope, input.id);
  const row = await selectMemberTenant(ctx.db, scope.userId, scope.tenantId);
  if (row === undefined || !row.loginEnabled) throw forbidden(NO_TENANT_ACCESS);
  return toOrganisation(row.tenant);
}

/**
 * A host (checked again in the database; never an impersonated session) may read any
 * organisation's details; anyone else only their current one's.
 */
async function hostReadsOrganisation(
  ctx: DomainContext,
  scope: TenantScope,
  id: number,
): Promise<Organisation> {
  if (!scope.isHost || scope.impersonatorId !== undefined) throw forbidden(NO_TENANT_ACCESS);
  const caller = await findUserById(ctx.db, scope.userId);
  if (caller?.isHost !== true) throw forbidden(NO_TENANT_ACCESS);
  const tenant = isStorableId(id) ? await selectTenantById(ctx.db, id) : undefined;
  if (tenant === undefined) throw notFound(adminTexts.organisationNotFound);
  return toOrganisation(tenant);
}

/** An organisation's editable details as typed, without the spaces around each. */
export function trimmedDetails(
  input: Record<OrganisationDetailsField, string>,
): Pick<Required<OrganisationDetailsChanges>, OrganisationDetailsField> {
  return {
    name: input.name.trim(),
    companyNumber: input.companyNumber.trim(),
    vatNumber: input.vatNumber.trim(),
    email: input.email.trim(),
    contactName: input.contactName.trim(),
    contactPhone: input.contactPhone.trim(),
    website: input.website.trim(),
  };
}

/**
 * POST tenants/updateDetails: the current organisation's details. The route's `tenantAdmin`
 * level has checked (in the database) that the caller is one of its Administrators; the id must
 * be that organisation's. All the changes are written in one transaction, or none.
 */
export async function updateDetails(
  ctx: OrganisationsContext,
  scope: TenantScope,
  input: UpdateOrganisationDetailsRequest,
): Promise<Organisation> {
  if (input.id !== scope.tenantId) throw forbidden(NO_TENANT_ACCESS);
  if (scope.role !== UserRole.Administrator) throw forbidden(organisationTexts.notAdministrator);
  const { tenant, replaced } = await withLogo(ctx, scope, input.logoId, (logo) =>
    ctx.db.transaction(async (tx) => {
      const current = await lockTenant(tx, scope.tenantId);
      if (current === undefined) throw forbidden(NO_TENANT_ACCESS);
      const changes: OrganisationDetailsChanges = {
        ...trimmedDetails(input),
        ...(logo !== null
          ? { logoFileId: logo.fileId, logoUrl: logo.url }
          : input.removeLogo === true
            ? { logoFileId: null, logoUrl: '' }
            : {}),
      };
      const updated = await updateOrganisationDetails(tx, scope.tenantId, changes);
      if (updated === undefined) throw forbidden(NO_TENANT_ACCESS);
      const replacedFile =
        current.logoFileId !== null && current.logoFileId !== updated.logoFileId
          ? current.logoFileId
          : null;
      return { tenant: updated, replaced: replacedFile };
    }),
  );
  if (replaced !== null) {
    try {
      await ctx.media.deleteFile(replaced);
    } catch (error) {
      ctx.log.warn({ err: error, fileId: replaced }, 'the replaced logo file was not deleted');
    }
  }
  return toOrganisation(tenant);
}
