import { assign, fromPromise, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import {
  accountTexts,
  DEFAULT_PRIVACY_POLICY_VERSION,
  type DeletionOutcome,
  type DeletionPlan,
  type GetUserRequest,
  type UserEditDetails,
} from '../../../contract/account';
import { type MachineAlert, textAlert } from '../../machines/alerts';
import { createLoadEditSaveMachine, userDataLoadFailed } from '../../machines/loadEditSaveFactory';
import { notProvided } from '../../machines/notProvided';

export interface DataPrivacyInput {
  /**
   * Whether someone is signed in: a visitor of /data-privacy sees the data privacy information
   * only (spec §2.1: a full-page route), a signed-in person the account actions too.
   */
  signedIn: boolean;
  /**
   * What a deletion just deleted (the `deleted` query of /data-privacy, where a deletion in the
   * account area lands once the person is signed out), or null.
   */
  deleted: DeletionOutcome | null;
  /** The signed-in person's id (users/get takes one's own id only); 0 for a visitor. */
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
  signedIn: boolean;
  /** What the deletion deleted, once it has (or as the page was opened with it). */
  deleted: DeletionOutcome | null;
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
    "Spec §2.3 Data Privacy (/account/data-privacy, and the full-page /data-privacy, spec §2.1, whose information anyone may read): the privacy policy version and agreed date; Download Personal Data saves a zip named from the first and last name plus a yymmddHHMMSS stamp; a Delete Account section with a danger confirm dialog whose button is 'Yes, Delete Account' (spec §4 Deleting own account: success signs the user out; 'Error deleting acccount' closes the dialog). While a host impersonates the person, Delete Account is not offered (the server refuses it there); the download stays.",
  context: (input) => ({
    signedIn: input.signedIn,
    deleted: input.deleted,
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
    /** Opened with a deletion's outcome, by a visitor (a signed-in person has deleted nothing). */
    isAfterDeletion: ({ context }) => context.deleted !== null && !context.signedIn,
    isVisitor: ({ context }) => !context.signedIn,
    isInAccountArea: ({ context }) => context.inAccountArea,
  },
  actions: {
    /** Spec §8: a personal-data download failure is only logged. */
    logDownloadFailure: (_, _error: unknown) => notProvided('logDownloadFailure'),
    /** Spec §4 Deleting own account: success signs the user out. */
    signOut: () => notProvided('signOut'),
    /** The account area is left for /data-privacy?deleted={outcome}: the confirmation. */
    showConfirmationPage: (_, _outcome: DeletionOutcome) => notProvided('showConfirmationPage'),
    assignDeleted: assign((_, deleted: DeletionOutcome) => ({ deleted })),
  },
  initial: 'opening',
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
              onDone: [
                {
                  guard: 'isInAccountArea',
                  target: '#dataPrivacy.leaving',
                  actions: [
                    { type: 'assignDeleted', params: ({ event }) => event.output },
                    'signOut',
                    { type: 'showConfirmationPage', params: ({ event }) => event.output },
                  ],
                  description:
                    'Deleted: the person is signed out, and the account area (which needs a signed-in person) gives way to /data-privacy with the confirmation.',
                },
                {
                  target: '#dataPrivacy.deleted',
                  actions: [
                    { type: 'assignDeleted', params: ({ event }) => event.output },
                    'signOut',
                  ],
                  description:
                    'Deleted: the person is signed out; the confirmation says what went and what stays.',
                },
              ],
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
    opening: {
      description:
        'Spec §2.1: /data-privacy shows the data privacy information to whoever opens it, and the account actions only to a signed-in person.',
      always: [
        {
          guard: 'isAfterDeletion',
          target: 'deleted',
          description: 'Opened with what a deletion deleted: its confirmation.',
        },
        {
          guard: 'isVisitor',
          target: 'visitor',
          description: 'Nobody is signed in: the information only.',
        },
        { target: 'loading', description: 'A signed-in person: their details load.' },
      ],
    },
    visitor: {
      description:
        'The data privacy information (what is kept, the privacy policy, contact us), without the account actions.',
    },
    deleted: {
      description:
        'The confirmation of the deletion (spec §4 Deleting own account): what went and what stays; the person is signed out.',
    },
    leaving: {
      type: 'final',
      description: 'On the way to /data-privacy, where the confirmation shows.',
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
 * What Delete Account will delete and what stays (spec §6), in the current organisation:
 * - its owner deletes the whole organisation, and their account with it when it is their only
 *   organisation (`organisationAndAccount`), else the account stays with the others
 *   (`organisation`);
 * - a non-owner with other organisations loses this one only (`membership`);
 * - a non-owner of this one alone loses their account (`account`).
 * `remaining`: the person's other organisations, which stay, by name.
 */
export function selectDeletionPlan(s: DataPrivacySnapshot): DeletionPlan | null {
  const details = s.context.details;
  if (!details) return null;
  const current = details.tenantUsers.find((t) => t.tenantId === s.context.tenantId);
  const remaining = details.tenantUsers
    .filter((t) => t.tenantId !== s.context.tenantId)
    .map((t) => t.tenantName);
  const organisation = current?.tenantName ?? '';
  const others = remaining.length > 0;
  const kind: DeletionOutcome = current?.owner
    ? others
      ? 'organisation'
      : 'organisationAndAccount'
    : others
      ? 'membership'
      : 'account';
  return { kind, organisation, remaining };
}
/**
 * Which page the screen is: a visitor's information, the confirmation of a deletion, or the
 * signed-in person's page (loading, its failure, or ready).
 */
export const selectDataPrivacyPage = (s: DataPrivacySnapshot): 'visitor' | 'deleted' | 'account' =>
  s.matches('visitor') ? 'visitor' : s.matches('deleted') ? 'deleted' : 'account';
/** What the deletion deleted (the confirmation's words), or null. */
export const selectDeletedOutcome = (s: DataPrivacySnapshot): DeletionOutcome | null =>
  s.matches('deleted') ? s.context.deleted : null;
export const selectDataPrivacyLoading = (s: DataPrivacySnapshot) => s.matches('loading');
export const selectDataPrivacyLoadFailed = (s: DataPrivacySnapshot) => s.matches('loadFailed');
export const selectDownloading = (s: DataPrivacySnapshot) =>
  s.matches({ ready: { download: 'downloading' } });
export const selectConfirmingDeletion = (s: DataPrivacySnapshot) =>
  s.matches({ ready: { deletion: 'confirming' } }) || selectDeleting(s);
export const selectDeleting = (s: DataPrivacySnapshot) =>
  s.matches({ ready: { deletion: 'deleting' } }) || s.matches('leaving');
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
