import { assign, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  accountTexts,
  type UpdatePersonalDetailsRequest,
  type UserEditDetails,
} from '../../../contract/account';
import { failureAlert, type MachineAlert } from '../../machines/alerts';
import {
  emailVerificationMachine,
  selectEmail,
  selectVerifiedEmail,
} from '../../machines/emailVerificationMachine';
import { handleCheckMachine, selectAvailableHandle } from '../../machines/handleCheckMachine';
import { createLoadEditSaveMachine } from '../../machines/loadEditSaveFactory';
import { notProvided } from '../../machines/notProvided';
import {
  personalDetailsFieldOrder,
  type PersonalDetailsFieldName,
  type PersonalDetailsSubmission,
} from '../../validation/account';

/** Stable ids (and systemIds) of the children, named in the inspector tree. */
export const personalDetailsChildIds = {
  emailVerification: 'personalDetailsEmailVerification',
  handleCheck: 'personalDetailsHandleCheck',
} as const;

export type PersonalDetailsAlert = MachineAlert<'loadFailed' | 'saved' | 'saveFailed'>;

/** The field errors the machine owns (the form's own rules are checked by the view). */
export type PersonalDetailsFieldErrors = Partial<Record<'email' | 'handle', string>>;

export interface PersonalDetailsContext {
  /** The saved details, once loaded. */
  details: UserEditDetails | null;
  /** The address in the verification widget, as typed. */
  widgetEmail: string;
  /** The address the widget verified (by its code, or the saved one), else null. */
  verifiedEmail: string | null;
  /** The handle the availability check found available (one's own counts), else null. */
  availableHandle: string | null;
  fieldErrors: PersonalDetailsFieldErrors;
  alert: PersonalDetailsAlert | null;
}

export type PersonalDetailsEvent =
  | { type: 'form.submit'; values: PersonalDetailsSubmission }
  | { type: 'retry' }
  | { type: 'alert.dismiss' };

const same = (a: string, b: string | null) =>
  b !== null && a.trim().toLowerCase() === b.toLowerCase();

/**
 * The address to save: the one the widget verified, or one the account already has (its sign-in
 * address, or the new one waiting for its confirmation link), else null ('Please verify your
 * email address.').
 */
export function emailToSave(
  details: Pick<UserEditDetails, 'email' | 'pendingEmail'>,
  widgetEmail: string,
  verifiedEmail: string | null,
): string | null {
  // The widget reports an address as verified only while it shows that address.
  if (verifiedEmail !== null) return verifiedEmail;
  if (same(widgetEmail, details.email) || same(widgetEmail, details.pendingEmail)) {
    return widgetEmail.trim();
  }
  return null;
}

/** The field errors for a submission: a handle not found available, an unverified new email. */
export function personalDetailsFieldErrors(
  context: Pick<
    PersonalDetailsContext,
    'details' | 'widgetEmail' | 'verifiedEmail' | 'availableHandle'
  >,
  handle: string,
): PersonalDetailsFieldErrors {
  const errors: PersonalDetailsFieldErrors = {};
  if (context.availableHandle !== handle) {
    errors.handle = accountTexts.handleNotAvailable;
  }
  if (
    !context.details ||
    emailToSave(context.details, context.widgetEmail, context.verifiedEmail) === null
  ) {
    errors.email = accountTexts.emailNotVerified;
  }
  return errors;
}

/** The loaded details (the form exists only once they are). */
function savedDetails(context: Pick<PersonalDetailsContext, 'details'>): UserEditDetails {
  if (!context.details) throw new Error('the personal details are not loaded');
  return context.details;
}

/** The handle of a submitted form (the only event the edit checks). */
function submittedHandle(event: PersonalDetailsEvent): string {
  if (event.type !== 'form.submit') throw new Error('only a submitted form is checked');
  return event.values.handle;
}

export const personalDetailsMachine = createLoadEditSaveMachine({
  types: {
    context: {} as PersonalDetailsContext,
    events: {} as PersonalDetailsEvent,
    data: {} as UserEditDetails,
    children: {} as {
      personalDetailsEmailVerification?: ActorRefFrom<typeof emailVerificationMachine>;
      personalDetailsHandleCheck?: ActorRefFrom<typeof handleCheckMachine>;
    },
  },
  id: 'personalDetails',
  description:
    "Spec §2.3 Personal Details (/account/personal-details and /account): first name, last name, phone with the country picker (default GB), date of birth, handle with the live availability check (one's own handle counts as available), email with the verification widget. Save shows 'Saving...'; 'Personal details updated', then the session is refreshed so the header shows the new name. A new email signs in only once its emailed link is used: until then 'Email requires confirmation'.",
  context: () => ({
    details: null,
    widgetEmail: '',
    verifiedEmail: null,
    availableHandle: null,
    fieldErrors: {},
    alert: null,
  }),
  actors: {
    emailVerification: emailVerificationMachine,
    handleCheck: handleCheckMachine,
    /** GET users/getUserEditDetails: the person's saved details. */
    getUserEditDetails: fromPromise<UserEditDetails>(async () => notProvided('getUserEditDetails')),
    /** POST users/updatePersonalDetails. */
    updatePersonalDetails: fromPromise<UserEditDetails, UpdatePersonalDetailsRequest>(async () =>
      notProvided('updatePersonalDetails'),
    ),
  },
  guards: {
    hasFieldErrors: ({ context }, handle: string) =>
      Object.keys(personalDetailsFieldErrors(context, handle)).length > 0,
  },
  actions: {
    /** Tells the app to refresh the session, so the header shows the new name. */
    notifySaved: () => notProvided('notifySaved'),
    assignWidget: assign(({ context }, widget: { email: string; verifiedEmail: string | null }) => {
      const next = { ...context, widgetEmail: widget.email, verifiedEmail: widget.verifiedEmail };
      const { email: _cleared, ...rest } = context.fieldErrors;
      return {
        widgetEmail: widget.email,
        verifiedEmail: widget.verifiedEmail,
        fieldErrors:
          next.details && emailToSave(next.details, next.widgetEmail, next.verifiedEmail)
            ? rest
            : context.fieldErrors,
      };
    }),
    assignAvailableHandle: assign(({ context }, availableHandle: string | null) => {
      const { handle: _cleared, ...rest } = context.fieldErrors;
      return {
        availableHandle,
        fieldErrors: availableHandle === null ? context.fieldErrors : rest,
      };
    }),
    assignFieldErrors: assign(({ context }, handle: string) => ({
      fieldErrors: personalDetailsFieldErrors(context, handle),
    })),
    clearFieldErrors: assign({ fieldErrors: {} }),
  },
  assignData: (details) => ({
    details,
    widgetEmail: details.pendingEmail ?? details.email,
    verifiedEmail: details.pendingEmail ?? details.email,
    availableHandle: details.handle,
  }),
  load: {
    actor: 'getUserEditDetails',
    description: "GET users/getUserEditDetails: the person's saved details.",
    loaded: 'The saved details fill the form.',
    failed: {
      title: accountTexts.userDetailsTitle,
      text: accountTexts.formDataFailed,
      description:
        "'Error getting user details': 'There was an error loading the data for this form'.",
      stateDescription:
        "'Error getting user details': 'There was an error loading the data for this form'; the person may try again.",
    },
  },
  ready: {
    description:
      'The form, with the email verification widget (the saved address, verified) and the handle check (the saved handle, available).',
    invoke: [
      {
        id: personalDetailsChildIds.emailVerification,
        systemId: personalDetailsChildIds.emailVerification,
        src: 'emailVerification',
        input: ({ context }) => {
          const details = savedDetails(context);
          return {
            // A new address must not belong to another account: checked when its code is sent.
            forSignup: true,
            email: details.pendingEmail ?? details.email,
            verified: true,
          };
        },
        onSnapshot: {
          actions: {
            type: 'assignWidget',
            params: ({ event }) => {
              const snapshot = event.snapshot as SnapshotFrom<typeof emailVerificationMachine>;
              return { email: selectEmail(snapshot), verifiedEmail: selectVerifiedEmail(snapshot) };
            },
          },
          description:
            'The verification widget changed: the form learns the typed and the verified address.',
        },
      },
      {
        id: personalDetailsChildIds.handleCheck,
        systemId: personalDetailsChildIds.handleCheck,
        src: 'handleCheck',
        input: ({ context }) => ({
          handle: savedDetails(context).handle,
          ownHandle: savedDetails(context).handle,
        }),
        onSnapshot: {
          actions: {
            type: 'assignAvailableHandle',
            params: ({ event }) =>
              selectAvailableHandle(event.snapshot as SnapshotFrom<typeof handleCheckMachine>),
          },
          description:
            'The handle check changed: the form learns the available handle (or that there is none).',
        },
      },
    ],
  },
  edit: {
    description: 'The person edits the form.',
    check: {
      guard: { type: 'hasFieldErrors', params: ({ event }) => submittedHandle(event) },
      actions: { type: 'assignFieldErrors', params: ({ event }) => submittedHandle(event) },
      description:
        "Errors exist: 'Profile name/handle not available' unless the handle was found available (one's own is); 'Please verify your email address.' for a new address not verified.",
      blocked: {
        description: 'Saving is blocked and the first errored field is focused (form order).',
        again: 'Errors remain: blocked again, the first errored field focused.',
        resolved: 'Save: the errors are resolved.',
      },
    },
    submit: { description: 'Save: the form passed every rule.', actions: ['clearFieldErrors'] },
    save: {
      actor: 'updatePersonalDetails',
      description:
        "'Saving...': POST users/updatePersonalDetails (firstName, lastName, phone, dateOfBirth, handle, email).",
      input: (context, event) => {
        const email = emailToSave(
          savedDetails(context),
          context.widgetEmail,
          context.verifiedEmail,
        );
        if (event.type !== 'form.submit' || email === null) {
          throw new Error('saving needs the submitted form and an address to save');
        }
        return { ...event.values, email };
      },
      saved: {
        title: null,
        text: accountTexts.personalDetailsUpdated,
        actions: ['notifySaved'],
        description:
          "'Personal details updated'; the session is refreshed so the header shows the new name. The widget and the handle check start again from what was saved.",
      },
      failed: {
        alert: (error) => failureAlert('saveFailed', error, accountTexts.personalDetailsFailed),
        description:
          "'Error updating personal details' with the server's messages; the form keeps what was typed.",
      },
    },
  },
});

export type PersonalDetailsSnapshot = SnapshotFrom<typeof personalDetailsMachine>;

export const selectPersonalDetails = (s: PersonalDetailsSnapshot) =>
  s.matches('ready') ? s.context.details : null;
export const selectPersonalDetailsLoading = (s: PersonalDetailsSnapshot) => s.matches('loading');
export const selectPersonalDetailsLoadFailed = (s: PersonalDetailsSnapshot) =>
  s.matches('loadFailed');
export const selectPersonalDetailsSaving = (s: PersonalDetailsSnapshot) =>
  s.matches({ ready: 'saving' });
export const selectPersonalDetailsAlert = (s: PersonalDetailsSnapshot) => s.context.alert;
export const selectPersonalDetailsFieldErrors = (s: PersonalDetailsSnapshot) =>
  s.context.fieldErrors;
/** The rules whose facts come from the widgets, as they stand now (shown once Save was pressed). */
export const selectPersonalDetailsRuleErrors = (
  s: PersonalDetailsSnapshot,
): PersonalDetailsFieldErrors =>
  personalDetailsFieldErrors(s.context, s.context.availableHandle ?? '');
/** The first errored field in form order (errors exist only while saving is blocked): focused. */
export const selectPersonalDetailsFocusField = (
  s: PersonalDetailsSnapshot,
): PersonalDetailsFieldName | null =>
  personalDetailsFieldOrder.find((f) => f in s.context.fieldErrors) ?? null;
/**
 * 'Email requires confirmation': the sign-in address is not confirmed, or a new one waits for its
 * emailed link (`pendingEmail`, which replaces the old one for signing in once used).
 */
export function selectEmailConfirmation(
  s: PersonalDetailsSnapshot,
): { pendingEmail: string | null } | null {
  const details = s.context.details;
  if (!details) return null;
  if (details.pendingEmail !== null) return { pendingEmail: details.pendingEmail };
  return details.emailConfirmed ? null : { pendingEmail: null };
}
export const selectPersonalDetailsEmailRef = (s: PersonalDetailsSnapshot) =>
  s.children.personalDetailsEmailVerification;
export const selectPersonalDetailsHandleRef = (s: PersonalDetailsSnapshot) =>
  s.children.personalDetailsHandleCheck;
