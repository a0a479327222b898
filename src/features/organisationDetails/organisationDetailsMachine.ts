import { assign, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { UserRole } from '../../../contract/enums';
import {
  organisationTexts,
  type Organisation,
  type UpdateOrganisationDetailsRequest,
} from '../../../contract/organisations';
import { failureAlert, type MachineAlert } from '../../machines/alerts';
import {
  avatarUploadMachine,
  type AvatarChangedEvent,
  organisationLogoUploadInput,
  type AvatarUploadInput,
} from '../../machines/avatarUploadMachine';
import { createLoadEditSaveMachine } from '../../machines/loadEditSaveFactory';
import { notProvided } from '../../machines/notProvided';
import type { OrganisationDetailsFormValues } from '../../validation/organisation';

export interface OrganisationDetailsInput {
  /** The current organisation's id. */
  tenantId: number;
  /** The person's role in it (spec §6): Administrators edit, Standard Users read. */
  userRole: UserRole;
  /** The person's guid: the logo upload's reference names them. */
  userGuid: string;
}

export type OrganisationDetailsAlert = MachineAlert<'loadFailed' | 'saved' | 'saveFailed'>;

/** What happens to the logo when the form is saved. */
export type LogoChange = { kind: 'keep' } | { kind: 'new'; fileId: string } | { kind: 'remove' };

export interface OrganisationDetailsContext {
  tenantId: number;
  userRole: UserRole;
  userGuid: string;
  /** The saved details, once loaded. */
  organisation: Organisation | null;
  logo: LogoChange;
  alert: OrganisationDetailsAlert | null;
}

export type OrganisationDetailsEvent =
  | { type: 'form.submit'; values: OrganisationDetailsFormValues }
  | { type: 'retry' }
  | { type: 'alert.dismiss' }
  | AvatarChangedEvent;

const keepLogo: LogoChange = { kind: 'keep' };

/** The id and systemId of the logo widget (the inspector names it). */
export const ORGANISATION_LOGO_ID = 'organisationDetailsLogo';

function loaded(context: Pick<OrganisationDetailsContext, 'organisation'>): Organisation {
  if (!context.organisation) throw new Error('the organisation is not loaded');
  return context.organisation;
}

/** The payload of tenants/updateDetails: the form, the organisation's id and the logo's change. */
export function updateRequest(
  context: Pick<OrganisationDetailsContext, 'tenantId' | 'logo'>,
  values: OrganisationDetailsFormValues,
): UpdateOrganisationDetailsRequest {
  return {
    id: context.tenantId,
    ...values,
    ...(context.logo.kind === 'new' ? { logoId: context.logo.fileId } : {}),
    ...(context.logo.kind === 'remove' ? { removeLogo: true } : {}),
  };
}

export const organisationDetailsMachine = createLoadEditSaveMachine({
  types: {
    context: {} as OrganisationDetailsContext,
    events: {} as OrganisationDetailsEvent,
    input: {} as OrganisationDetailsInput,
    data: {} as Organisation,
    children: {} as {
      organisationDetailsLogo?: ActorRefFrom<typeof avatarUploadMachine>;
    },
  },
  id: 'organisationDetails',
  description:
    "Organisation Details (/account/organisation, spec §2.2, §3 Organisation): name, company number, VAT number, email, contact name, contact phone, website and logo. Its Administrators edit and save them (tenants/updateDetails, the logo through the avatar widget's organisation-logo preset); a Standard User reads them (spec §6).",
  context: (input) => ({
    tenantId: input.tenantId,
    userRole: input.userRole,
    userGuid: input.userGuid,
    organisation: null,
    logo: keepLogo,
    alert: null,
  }),
  actors: {
    avatarUpload: avatarUploadMachine,
    /** GET tenants/get?id=: the current organisation's details. */
    getOrganisation: fromPromise<Organisation, { id: number }>(async () =>
      notProvided('getOrganisation'),
    ),
    /** POST tenants/updateDetails (with the logo's pending upload as logoId). */
    updateDetails: fromPromise<Organisation, UpdateOrganisationDetailsRequest>(async () =>
      notProvided('updateDetails'),
    ),
  },
  guards: {
    isAdministrator: ({ context }) => context.userRole === UserRole.Administrator,
  },
  actions: {
    /** The flow protocol: refresh the session (the account area's heading carries the name). */
    notifySaved: () => notProvided('notifySaved'),
    assignLogo: assign((_, change: AvatarChangedEvent) => ({
      logo:
        change.fileId !== null
          ? ({ kind: 'new', fileId: change.fileId } as LogoChange)
          : ({ kind: 'remove' } as LogoChange),
    })),
  },
  assignData: (organisation) => ({ organisation, logo: keepLogo }),
  load: {
    actor: 'getOrganisation',
    input: (context) => ({ id: context.tenantId }),
    description: "GET tenants/get?id=: the current organisation's details.",
    loaded: 'The saved details fill the form.',
    failed: {
      title: organisationTexts.userDetailsTitle,
      text: organisationTexts.formDataFailed,
      description:
        "'Error getting user details': 'There was an error loading the data for this form'.",
      stateDescription:
        "'There was an error loading the data for this form'; the person may try again.",
    },
  },
  ready: {
    description:
      'The details, with the logo widget (the saved logo); editable by Administrators, read-only for Standard Users.',
    invoke: {
      id: ORGANISATION_LOGO_ID,
      systemId: ORGANISATION_LOGO_ID,
      src: 'avatarUpload',
      input: ({ context }): AvatarUploadInput =>
        organisationLogoUploadInput({ guid: context.userGuid }, loaded(context)),
    },
    on: {
      'avatar.changed': {
        actions: { type: 'assignLogo', params: ({ event }) => event },
        description:
          'The logo widget uploaded a new logo (saved with the form as logoId) or removed it.',
      },
    },
  },
  edit: {
    description: 'The details as saved, or as the Administrator is changing them.',
    submit: {
      guard: 'isAdministrator',
      description: 'Save (Administrators only): the form passed the spec §5 Organisation rules.',
    },
    save: {
      actor: 'updateDetails',
      description: "'Saving...': POST tenants/updateDetails.",
      input: (context, event) => {
        if (event.type !== 'form.submit') throw new Error('saving needs the submitted form');
        return updateRequest(context, event.values);
      },
      saved: {
        title: null,
        text: organisationTexts.updated,
        actions: ['notifySaved'],
        description:
          "'Organisation details updated'; the session is refreshed (the account area's heading shows the name); the logo widget starts again from the saved logo.",
      },
      failed: {
        alert: (error) => failureAlert('saveFailed', error, organisationTexts.updateFailed),
        description:
          "'Error updating organisation details' with the server's messages; the form keeps what was typed.",
      },
    },
  },
});

export type OrganisationDetailsSnapshot = SnapshotFrom<typeof organisationDetailsMachine>;

export const selectOrganisation = (s: OrganisationDetailsSnapshot) =>
  s.matches('ready') ? s.context.organisation : null;
export const selectOrganisationLoading = (s: OrganisationDetailsSnapshot) => s.matches('loading');
export const selectOrganisationLoadFailed = (s: OrganisationDetailsSnapshot) =>
  s.matches('loadFailed');
export const selectOrganisationSaving = (s: OrganisationDetailsSnapshot) =>
  s.matches({ ready: 'saving' });
export const selectOrganisationAlert = (s: OrganisationDetailsSnapshot) => s.context.alert;
/** Spec §6: Administrators edit the details; a Standard User reads them. */
export const selectCanEditOrganisation = (s: OrganisationDetailsSnapshot) =>
  s.context.userRole === UserRole.Administrator;
export const selectOrganisationLogoRef = (s: OrganisationDetailsSnapshot) =>
  s.children.organisationDetailsLogo;
/** The logo widget, shown only to whom may edit (spec §6) once the details are loaded, else null. */
export const selectEditableLogoRef = (s: OrganisationDetailsSnapshot) =>
  (selectCanEditOrganisation(s) && s.children.organisationDetailsLogo) || null;
