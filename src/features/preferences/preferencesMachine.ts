import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  accountTexts,
  type UpdatePreferencesRequest,
  type UserEditDetails,
} from '../../../contract/account';
import { notProvided } from '../../machines/notProvided';

/** The two consents the screen edits (the annotation colour is kept as it was). */
export interface PreferencesValues {
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
}

export interface PreferencesAlert {
  kind: 'loadFailed' | 'saved' | 'saveFailed';
  level: 'success' | 'danger';
  title: string;
  messages: string[];
}

export interface PreferencesContext {
  /** The saved preferences, once loaded. */
  saved: (PreferencesValues & { annotationColor: string }) | null;
  alert: PreferencesAlert | null;
}

export type PreferencesEvent =
  | { type: 'form.submit'; values: PreferencesValues }
  | { type: 'retry' }
  | { type: 'alert.dismiss' };

const loadFailedAlert: PreferencesAlert = {
  kind: 'loadFailed',
  level: 'danger',
  title: accountTexts.loadUserDataTitle,
  messages: [accountTexts.loadUserDataFailed],
};
const savedAlert: PreferencesAlert = {
  kind: 'saved',
  level: 'success',
  title: accountTexts.preferencesUpdatedTitle,
  messages: [accountTexts.preferencesUpdated],
};
const saveFailedAlert: PreferencesAlert = {
  kind: 'saveFailed',
  level: 'danger',
  title: accountTexts.preferencesFailedTitle,
  messages: [accountTexts.preferencesFailed],
};

const savedOf = (details: UserEditDetails): NonNullable<PreferencesContext['saved']> => ({
  consentToHelpEmails: details.consentToHelpEmails,
  consentToMarketingEmails: details.consentToMarketingEmails,
  annotationColor: details.annotationColor,
});

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
  },
  actors: {
    /** GET users/getUserEditDetails: the person's saved preferences. */
    getUserEditDetails: fromPromise<UserEditDetails>(async () => notProvided('getUserEditDetails')),
    /** POST users/updatePreferences (consentToHelpEmails, consentToMarketingEmails, annotationColor). */
    updatePreferences: fromPromise<UserEditDetails, UpdatePreferencesRequest>(async () =>
      notProvided('updatePreferences'),
    ),
  },
  actions: {
    assignSaved: assign((_, details: UserEditDetails) => ({ saved: savedOf(details) })),
    assignAlert: assign((_, alert: PreferencesAlert) => ({ alert })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'preferences',
  description:
    "Spec §2.3 Preferences ('Communication Preferences'): two consent checkboxes; a hidden annotation colour (the default colour for drawing shapes in a viewer) is kept as it was. Save shows 'Saving Preferences...'; 'Preferences updated successfully' titled 'Preferences Updated', or 'Error updating preferences' titled 'Error Updating Details'.",
  context: { saved: null, alert: null },
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "GET users/getUserEditDetails: the person's saved preferences.",
      invoke: {
        id: 'getUserEditDetails',
        src: 'getUserEditDetails',
        onDone: {
          target: 'editing',
          actions: { type: 'assignSaved', params: ({ event }) => event.output },
          description: 'The saved preferences fill the form.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignAlert', params: loadFailedAlert },
          description: "'Error loading user data': 'There was an error loading the user data'.",
        },
      },
    },
    loadFailed: {
      description:
        "'Error loading user data': 'There was an error loading the user data'; the person may try again.",
      on: {
        retry: {
          target: 'loading',
          actions: 'clearAlert',
          description: 'Try loading again.',
        },
      },
    },
    editing: {
      description: 'The two checkboxes, as saved or as changed.',
      on: {
        'form.submit': {
          target: 'saving',
          actions: 'clearAlert',
          description: 'Save.',
        },
      },
    },
    saving: {
      description:
        "'Saving Preferences...': POST users/updatePreferences with the two consents and the annotation colour as it was.",
      invoke: {
        id: 'updatePreferences',
        src: 'updatePreferences',
        input: ({ context, event }) => {
          if (event.type !== 'form.submit' || !context.saved) {
            throw new Error('saving needs the submitted preferences');
          }
          return {
            consentToHelpEmails: event.values.consentToHelpEmails,
            consentToMarketingEmails: event.values.consentToMarketingEmails,
            annotationColor: context.saved.annotationColor,
          };
        },
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignSaved', params: ({ event }) => event.output },
            { type: 'assignAlert', params: savedAlert },
          ],
          description: "'Preferences updated successfully' titled 'Preferences Updated'.",
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignAlert', params: saveFailedAlert },
          description:
            "'Error updating preferences' titled 'Error Updating Details'; the checkboxes keep what the person chose.",
        },
      },
    },
  },
});

export type PreferencesSnapshot = SnapshotFrom<typeof preferencesMachine>;

/** The saved consents the form starts from (null until loaded). */
export const selectPreferencesValues = (s: PreferencesSnapshot): PreferencesValues | null =>
  s.context.saved
    ? {
        consentToHelpEmails: s.context.saved.consentToHelpEmails,
        consentToMarketingEmails: s.context.saved.consentToMarketingEmails,
      }
    : null;
export const selectPreferencesLoading = (s: PreferencesSnapshot) => s.matches('loading');
export const selectPreferencesLoadFailed = (s: PreferencesSnapshot) => s.matches('loadFailed');
export const selectPreferencesSaving = (s: PreferencesSnapshot) => s.matches('saving');
export const selectPreferencesAlert = (s: PreferencesSnapshot) => s.context.alert;
