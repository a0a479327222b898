import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
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

/** The id and systemId of the logo widget (the inspector names it). */
export const ORGANISATION_LOGO_ID = 'organisationDetailsLogo';

const loadFailedAlert: OrganisationDetailsAlert = {
  kind: 'loadFailed',
  level: 'danger',
  title: organisationTexts.userDetailsTitle,
  messages: [organisationTexts.formDataFailed],
};
const savedAlert: OrganisationDetailsAlert = {
  kind: 'saved',
  level: 'success',
  title: null,
  messages: [organisationTexts.updated],
};

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

export const organisationDetailsMachine = setup({
  types: {
    context: {} as OrganisationDetailsContext,
    events: {} as OrganisationDetailsEvent,
    input: {} as OrganisationDetailsInput,
    children: {} as {
      organisationDetailsLogo: 'avatarUpload';
      getOrganisation: 'getOrganisation';
      updateDetails: 'updateDetails';
    },
  },
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
    assignOrganisation: assign((_, organisation: Organisation) => ({
      organisation,
      logo: { kind: 'keep' } as LogoChange,
    })),
    assignLogo: assign((_, change: AvatarChangedEvent) => ({
      logo:
        change.fileId !== null
          ? ({ kind: 'new', fileId: change.fileId } as LogoChange)
          : ({ kind: 'remove' } as LogoChange),
    })),
    assignAlert: assign((_, alert: OrganisationDetailsAlert) => ({ alert })),
    assignFailure: assign((_, error: unknown) => ({
      alert: failureAlert('saveFailed', error, organisationTexts.updateFailed),
    })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'organisationDetails',
  description:
    "Organisation Details (/account/organisation, spec §2.2, §3 Organisation): name, company number, VAT number, email, contact name, contact phone, website and logo. Its Administrators edit and save them (tenants/updateDetails, the logo through the avatar widget's organisation-logo preset); a Standard User reads them (spec §6).",
  context: ({ input }) => ({
    tenantId: input.tenantId,
    userRole: input.userRole,
    userGuid: input.userGuid,
    organisation: null,
    logo: { kind: 'keep' },
    alert: null,
  }),
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "GET tenants/get?id=: the current organisation's details.",
      invoke: {
        id: 'getOrganisation',
        src: 'getOrganisation',
        input: ({ context }) => ({ id: context.tenantId }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignOrganisation', params: ({ event }) => event.output },
          description: 'The saved details fill the form.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignAlert', params: loadFailedAlert },
          description:
            "'Error getting user details': 'There was an error loading the data for this form'.",
        },
      },
    },
    loadFailed: {
      description: "'There was an error loading the data for this form'; the person may try again.",
      on: {
        retry: { target: 'loading', actions: 'clearAlert', description: 'Try loading again.' },
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
      initial: 'editing',
      states: {
        editing: {
          description: 'The details as saved, or as the Administrator is changing them.',
          on: {
            'form.submit': {
              guard: 'isAdministrator',
              target: 'saving',
              actions: 'clearAlert',
              description:
                'Save (Administrators only): the form passed the spec §5 Organisation rules.',
            },
          },
        },
        saving: {
          description: "'Saving...': POST tenants/updateDetails.",
          invoke: {
            id: 'updateDetails',
            src: 'updateDetails',
            input: ({ context, event }) => {
              if (event.type !== 'form.submit') throw new Error('saving needs the submitted form');
              return updateRequest(context, event.values);
            },
            onDone: {
              target: '#organisationDetails.ready',
              reenter: true,
              actions: [
                { type: 'assignOrganisation', params: ({ event }) => event.output },
                { type: 'assignAlert', params: savedAlert },
                'notifySaved',
              ],
              description:
                "'Organisation details updated'; the session is refreshed (the account area's heading shows the name); the logo widget starts again from the saved logo.",
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'assignFailure',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
              description:
                "'Error updating organisation details' with the server's messages; the form keeps what was typed.",
            },
          },
        },
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
