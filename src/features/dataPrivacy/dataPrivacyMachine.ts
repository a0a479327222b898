import { fromPromise, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import {
  accountTexts,
  DEFAULT_PRIVACY_POLICY_VERSION,
  type DeletionOutcome,
  type GetUserRequest,
  type UserEditDetails,
} from '../../../contract/account';
import { type MachineAlert, textAlert } from '../../machines/alerts';
import { createLoadEditSaveMachine, userDataLoadFailed } from '../../machines/loadEditSaveFactory';
import { notProvided } from '../../machines/notProvided';

export interface DataPrivacyInput {
  /** The signed-in person's id (users/get takes one's own id only). */
  userId: number;
  /** The current organisation's id: the one a deletion concerns. */
  tenantId: number;
  /** /account/data-privacy is in the account area; /data-privacy is a page of its own. */
  inAccountArea: boolean;
  /**
   * The session is a host's impersonation of this person (auth/impersonate): the server refuses
   * users/deleteMyAccount there, so Delete Account is not offered.
   */
  impersonated: boolean;
}

export type DataPrivacyAlert = MachineAlert<'loadFailed' | 'deleteFailed', 'danger'>;

export interface DataPrivacyContext {
  userId: number;
  tenantId: number;
  inAccountArea: boolean;
  impersonated: boolean;
  details: UserEditDetails | null;
  alert: DataPrivacyAlert | null;
}

export type DataPrivacyEvent =
  | { type: 'retry' }
  | { type: 'download.start' }
  | { type: 'delete.request' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'alert.dismiss' };

/** What the personal-data download needs to name its zip (first and last name). */
export interface DownloadRequest {
  firstName: string;
  lastName: string;
}

const deleteFailedAlert: DataPrivacyAlert = textAlert(
  'deleteFailed',
  'danger',
  null,
  accountTexts.deleteFailed,
);

export const dataPrivacyMachine = createLoadEditSaveMachine({
  types: {
    context: {} as DataPrivacyContext,
    events: {} as DataPrivacyEvent,
    input: {} as DataPrivacyInput,
    data: {} as UserEditDetails,
  },
  id: 'dataPrivacy',
  description:
    "Spec §2.3 Data Privacy (/account/data-privacy, and /data-privacy for people still onboarding): the privacy policy version and agreed date; Download Personal Data saves a zip named from the first and last name plus a yymmddHHMMSS stamp; a Delete Account section with a danger confirm dialog whose button is 'Yes, Delete Account' (spec §4 Deleting own account: success signs the user out; 'Error deleting acccount' closes the dialog). While a host impersonates the person, Delete Account is not offered (the server refuses it there); the download stays.",
  context: (input) => ({
    userId: input.userId,
    tenantId: input.tenantId,
    inAccountArea: input.inAccountArea,
    impersonated: input.impersonated,
    details: null,
    alert: null,
  }),
  actors: {
    /** GET users/get?id=: the person's own details (the privacy policy's version and date). */
    getUser: fromPromise<UserEditDetails, GetUserRequest>(async () => notProvided('getUser')),
    /** GET users/downloadPersonalData: the zip, saved under its name. */
    downloadPersonalData: fromPromise<void, DownloadRequest>(async () =>
      notProvided('downloadPersonalData'),
    ),
    /** DELETE users/deleteMyAccount. */
    deleteMyAccount: fromPromise<DeletionOutcome>(async () => notProvided('deleteMyAccount')),
  },
  guards: {
    isImpersonating: ({ context }) => context.impersonated,
  },
  actions: {
    /** Spec §8: a personal-data download failure is only logged. */
    logDownloadFailure: (_, _error: unknown) => notProvided('logDownloadFailure'),
    /** Spec §4 Deleting own account: success signs the user out. */
    signOut: () => notProvided('signOut'),
  },
  assignData: (details) => ({ details }),
  load: {
    actor: 'getUser',
    input: (context) => ({ id: context.userId }),
    description: "GET users/get?id=: the person's own details.",
    loaded: 'The privacy policy version and agreed date show.',
    failed: userDataLoadFailed,
  },
  ready: {
    type: 'parallel',
    description: 'The privacy policy, the download and the Delete Account section.',
    states: {
      download: {
        description: 'Download Personal Data.',
        initial: 'idle',
        states: {
          idle: {
            description: 'The Download Personal Data button.',
            on: {
              'download.start': {
                target: 'downloading',
                description: 'Download Personal Data.',
              },
            },
          },
          downloading: {
            description:
              'GET users/downloadPersonalData: the zip is built on the server and saved as {FirstLast}{yymmddHHMMSS}.zip.',
            invoke: {
              id: 'downloadPersonalData',
              src: 'downloadPersonalData',
              input: ({ context }) => ({
                firstName: context.details?.firstName ?? '',
                lastName: context.details?.lastName ?? '',
              }),
              onDone: { target: 'idle', description: 'The zip was saved.' },
              onError: failedCall(
                'idle',
                'logDownloadFailure',
                'A personal-data download failure is only logged.',
              ),
            },
          },
        },
      },
      deletion: {
        description: 'The Delete Account section (spec §4 Deleting own account, §6).',
        initial: 'checkingImpersonation',
        states: {
          checkingImpersonation: {
            description: 'Delete Account is never offered while a host impersonates the person.',
            always: [
              {
                guard: 'isImpersonating',
                target: 'notWhileImpersonating',
                description: 'A host is viewing Givedrop as this person: a note instead.',
              },
              { target: 'idle', description: 'The person themselves: Delete Account.' },
            ],
          },
          notWhileImpersonating: {
            description:
              "The server refuses users/deleteMyAccount to an impersonated session: 'Deleting the account is not available while you are viewing Givedrop as another user.' and no Delete Account button.",
          },
          idle: {
            description: 'The Delete Account button in the danger section.',
            on: {
              'delete.request': {
                target: 'confirming',
                actions: 'clearAlert',
                description: 'Delete Account: the danger confirm dialog opens.',
              },
            },
          },
          confirming: {
            description:
              "The danger confirm dialog: what will be deleted, and 'Yes, Delete Account'. Escape, outside click and close cancel it.",
            on: {
              'delete.cancel': { target: 'idle', description: 'The dialog is cancelled.' },
              'delete.confirm': {
                target: 'deleting',
                description: "'Yes, Delete Account'.",
              },
            },
          },
          deleting: {
            description: 'DELETE users/deleteMyAccount.',
            invoke: {
              id: 'deleteMyAccount',
              src: 'deleteMyAccount',
              onDone: {
                target: '#dataPrivacy.deleted',
                description: 'Deleted: the person is signed out.',
              },
              onError: {
                target: 'idle',
                actions: { type: 'assignAlert', params: deleteFailedAlert },
                description: "'Error deleting acccount'; the dialog closes.",
              },
            },
          },
        },
      },
    },
  },
  states: {
    deleted: {
      type: 'final',
      description: 'The account (or this organisation of it) is gone: the person is signed out.',
      entry: 'signOut',
    },
  },
});

export type DataPrivacySnapshot = SnapshotFrom<typeof dataPrivacyMachine>;

/** The privacy policy as agreed: its version (default 1) and date (ISO, or null). */
export function selectPrivacyPolicy(
  s: DataPrivacySnapshot,
): { version: number; agreedDate: string | null } | null {
  const details = s.context.details;
  if (!details) return null;
  return {
    version: details.privacyPolicyVersion || DEFAULT_PRIVACY_POLICY_VERSION,
    agreedDate: details.privacyPolicyAgreedDate,
  };
}

/**
 * What deleting takes (spec §6): an owner deletes the whole organisation; a non-owner with other
 * organisations loses this one only; anyone else loses their account.
 */
export function selectDeletionScope(s: DataPrivacySnapshot): DeletionOutcome | null {
  const details = s.context.details;
  if (!details) return null;
  const current = details.tenantUsers.find((t) => t.tenantId === s.context.tenantId);
  if (current?.owner) return 'organisation';
  return details.tenantUsers.length > 1 ? 'membership' : 'account';
}
/** The organisation a deletion concerns. */
export const selectCurrentOrganisationName = (s: DataPrivacySnapshot): string =>
  s.context.details?.tenantUsers.find((t) => t.tenantId === s.context.tenantId)?.tenantName ?? '';
export const selectDataPrivacyLoading = (s: DataPrivacySnapshot) => s.matches('loading');
export const selectDataPrivacyLoadFailed = (s: DataPrivacySnapshot) => s.matches('loadFailed');
export const selectDownloading = (s: DataPrivacySnapshot) =>
  s.matches({ ready: { download: 'downloading' } });
export const selectConfirmingDeletion = (s: DataPrivacySnapshot) =>
  s.matches({ ready: { deletion: 'confirming' } }) || selectDeleting(s);
export const selectDeleting = (s: DataPrivacySnapshot) =>
  s.matches({ ready: { deletion: 'deleting' } }) || s.matches('deleted');
/** Why Delete Account is not offered (a host impersonating the person), else null: it is. */
export const selectDeletionUnavailable = (s: DataPrivacySnapshot): string | null =>
  s.matches({ ready: { deletion: 'notWhileImpersonating' } })
    ? accountTexts.deleteNotWhileImpersonating
    : null;
/**
 * The account area's page the screen is (its frame and menu), or null: /data-privacy, a full page
 * of its own for people still onboarding.
 */
export const selectAccountAreaPath = (s: DataPrivacySnapshot): string | null =>
  s.context.inAccountArea ? '/account/data-privacy' : null;
export const selectDataPrivacyAlert = (s: DataPrivacySnapshot) => s.context.alert;
