import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  accountTexts,
  type UpdatePreferencesRequest,
  type UserEditDetails,
} from '../../../contract/account';
import { textAlert, type MachineAlert } from '../../machines/alerts';
import { createLoadEditSaveMachine, userDataLoadFailed } from '../../machines/loadEditSaveFactory';
import { notProvided } from '../../machines/notProvided';

/** The two consents the screen edits (the annotation colour is kept as it was). */
export interface PreferencesValues {
  consentToHelpEmails: boolean;
  consentToMarketingEmails: boolean;
}

export type PreferencesAlert = MachineAlert<'loadFailed' | 'saved' | 'saveFailed'>;

export interface PreferencesContext {
  /** The saved preferences, once loaded. */
  saved: (PreferencesValues & { annotationColor: string }) | null;
  alert: PreferencesAlert | null;
}

export type PreferencesEvent =
  | { type: 'form.submit'; values: PreferencesValues }
  | { type: 'retry' }
  | { type: 'alert.dismiss' };

const saveFailedAlert: PreferencesAlert = textAlert(
  'saveFailed',
  'danger',
  accountTexts.preferencesFailedTitle,
  accountTexts.preferencesFailed,
);

const savedOf = (details: UserEditDetails): NonNullable<PreferencesContext['saved']> => ({
  consentToHelpEmails: details.consentToHelpEmails,
  consentToMarketingEmails: details.consentToMarketingEmails,
  annotationColor: details.annotationColor,
});

export const preferencesMachine = createLoadEditSaveMachine({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    data: {} as UserEditDetails,
  },
  id: 'preferences',
  description:
    "Spec §2.3 Preferences ('Communication Preferences'): two consent checkboxes; a hidden annotation colour (the default colour for drawing shapes in a viewer) is kept as it was. Save shows 'Saving Preferences...'; 'Preferences updated successfully' titled 'Preferences Updated', or 'Error updating preferences' titled 'Error Updating Details'.",
  context: () => ({ saved: null, alert: null }),
  actors: {
    /** GET users/getUserEditDetails: the person's saved preferences. */
    getUserEditDetails: fromPromise<UserEditDetails>(async () => notProvided('getUserEditDetails')),
    /** POST users/updatePreferences (consentToHelpEmails, consentToMarketingEmails, annotationColor). */
    updatePreferences: fromPromise<UserEditDetails, UpdatePreferencesRequest>(async () =>
      notProvided('updatePreferences'),
    ),
  },
  assignData: (details) => ({ saved: savedOf(details) }),
  load: {
    actor: 'getUserEditDetails',
    description: "GET users/getUserEditDetails: the person's saved preferences.",
    loaded: 'The saved preferences fill the form.',
    failed: userDataLoadFailed,
  },
  ready: { description: 'The two checkboxes, as saved or as changed.' },
  edit: {
    description: 'The person ticks or clears the checkboxes.',
    submit: { description: 'Save.' },
    save: {
      actor: 'updatePreferences',
      description:
        "'Saving Preferences...': POST users/updatePreferences with the two consents and the annotation colour as it was.",
      input: (context, event) => {
        if (event.type !== 'form.submit' || !context.saved) {
          throw new Error('saving needs the submitted preferences');
        }
        return {
          consentToHelpEmails: event.values.consentToHelpEmails,
          consentToMarketingEmails: event.values.consentToMarketingEmails,
          annotationColor: context.saved.annotationColor,
        };
      },
      saved: {
        title: accountTexts.preferencesUpdatedTitle,
        text: accountTexts.preferencesUpdated,
        description: "'Preferences updated successfully' titled 'Preferences Updated'.",
      },
      failed: {
        alert: () => saveFailedAlert,
        description:
          "'Error updating preferences' titled 'Error Updating Details'; the checkboxes keep what the person chose.",
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
export const selectPreferencesSaving = (s: PreferencesSnapshot) => s.matches({ ready: 'saving' });
export const selectPreferencesAlert = (s: PreferencesSnapshot) => s.context.alert;
