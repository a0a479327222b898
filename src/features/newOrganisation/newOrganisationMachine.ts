import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import {
  organisationTexts,
  type NewOrganisationRequest,
  type NewOrganisationResponse,
} from '../../../contract/organisations';
import { failureAlert, type MachineAlert } from '../../machines/alerts';
import {
  avatarUploadMachine,
  type AvatarChangedEvent,
  type AvatarUploadInput,
} from '../../machines/avatarUploadMachine';
import { notProvided } from '../../machines/notProvided';
import type { NewOrganisationFormValues } from '../../validation/organisation';

export interface NewOrganisationInput {
  /** The logo widget's input (organisationLogoUploadInput). */
  logo: AvatarUploadInput;
}

export type NewOrganisationAlert = MachineAlert<'createFailed', 'danger'>;

/** What the flow ends with: the organisation the session switches to. */
export interface NewOrganisationOutput {
  tenantId: number;
}

export interface NewOrganisationContext {
  logo: AvatarUploadInput;
  /** The logo's pending upload, once the widget has one (sent as logoId), else null. */
  logoId: string | null;
  /** The organisation created (its id is what auth/switchTenant takes). */
  created: NewOrganisationResponse | null;
  alert: NewOrganisationAlert | null;
}

export type NewOrganisationEvent =
  | { type: 'form.submit'; values: NewOrganisationFormValues }
  | { type: 'alert.dismiss' }
  | AvatarChangedEvent;

/** The id and systemId of the logo widget (the inspector names it). */
export const NEW_ORGANISATION_LOGO_ID = 'newOrganisationLogo';

export const newOrganisationMachine = setup({
  types: {
    context: {} as NewOrganisationContext,
    events: {} as NewOrganisationEvent,
    input: {} as NewOrganisationInput,
    output: {} as NewOrganisationOutput,
    children: {} as {
      newOrganisationLogo: 'avatarUpload';
      createOrganisation: 'createOrganisation';
    },
  },
  actors: {
    /** The avatar upload widget with the organisation-logo preset. */
    avatarUpload: avatarUploadMachine,
    /** POST tenants/new (name, email, contactName, contactPhone, logoId): its guid and id. */
    createOrganisation: fromPromise<NewOrganisationResponse, NewOrganisationRequest>(async () =>
      notProvided('createOrganisation'),
    ),
  },
  actions: {
    assignLogo: assign((_, fileId: string | null) => ({ logoId: fileId })),
    assignCreated: assign((_, created: NewOrganisationResponse) => ({ created })),
    assignFailure: assign((_, error: unknown) => ({
      alert: failureAlert('createFailed', error, organisationTexts.createFailed),
    })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'newOrganisation',
  description:
    "Spec §2.3 New Organisation (/account/organisation/new): company name, email, contact name, contact phone and a logo (the avatar upload widget: square, min 400, max 800 px); 'Create Organisation'. Spec §4 Organisation creation: on success, switch to the new tenant (its creator is its owner and Administrator; it starts a trial and its onboarding).",
  context: ({ input }) => ({ logo: input.logo, logoId: null, created: null, alert: null }),
  invoke: {
    id: NEW_ORGANISATION_LOGO_ID,
    systemId: NEW_ORGANISATION_LOGO_ID,
    src: 'avatarUpload',
    input: ({ context }) => context.logo,
  },
  initial: 'open',
  states: {
    open: {
      description: 'The form, until the new organisation is the current one.',
      on: {
        'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
        'avatar.changed': {
          actions: { type: 'assignLogo', params: ({ event }) => event.fileId },
          description:
            'The logo widget uploaded a logo (its pending upload is sent as logoId) or removed it.',
        },
      },
      initial: 'editing',
      states: {
        editing: {
          description: 'The person fills in the form.',
          on: {
            'form.submit': {
              target: 'creating',
              actions: 'clearAlert',
              description: "'Create Organisation': the form passed the spec §5 Organisation rules.",
            },
          },
        },
        creating: {
          description: 'POST tenants/new (name, email, contactName, contactPhone, logoId).',
          invoke: {
            id: 'createOrganisation',
            src: 'createOrganisation',
            input: ({ context, event }) => {
              if (event.type !== 'form.submit')
                throw new Error('creating needs the submitted form');
              return { ...event.values, logoId: context.logoId };
            },
            onDone: {
              target: '#newOrganisation.created',
              actions: { type: 'assignCreated', params: ({ event }) => event.output },
              description:
                'Created: tenants/new answered its guid (and id). Spec §4 Organisation creation: on success, switch to the new tenant.',
            },
            onError: failedCall(
              'editing',
              'assignFailure',
              "'Error creating new organisation' (with the server's messages); the form keeps what was typed.",
            ),
          },
        },
      },
    },
    created: {
      type: 'final',
      description:
        'The organisation exists: the flow ends with its id, and the app switches the session to it (flow.switchOrganisation: auth/switchTenant, stored in every tab, then home, which sends an onboarding organisation to /onboarding; a failed switch signs the person out).',
    },
  },
  output: ({ context }) => ({ tenantId: context.created?.id ?? 0 }),
});

export type NewOrganisationSnapshot = SnapshotFrom<typeof newOrganisationMachine>;

/** 'Creating...' from the call until the app has switched the session and gone home. */
export const selectNewOrganisationBusy = (s: NewOrganisationSnapshot) =>
  s.matches({ open: 'creating' }) || s.matches('created');
export const selectNewOrganisationAlert = (s: NewOrganisationSnapshot) => s.context.alert;
export const selectNewOrganisationLogoRef = (s: NewOrganisationSnapshot) =>
  s.children.newOrganisationLogo;
