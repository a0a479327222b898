/**
 * Generated paths of the preferences machine, checked against a model written from spec §2.3
 * Preferences and §8: the two consents load from users/getUserEditDetails ('Error loading user
 * data' / 'There was an error loading the user data' when that fails, with a retry); Save sends
 * the two consents and the annotation colour as it was ('Saving Preferences...'); success shows
 * 'Preferences updated successfully' titled 'Preferences Updated', failure 'Error updating
 * preferences' titled 'Error Updating Details'.
 */
import { expect } from 'vitest';
import {
  preferencesMachine,
  selectPreferencesAlert,
  selectPreferencesLoadFailed,
  selectPreferencesLoading,
  selectPreferencesSaving,
  selectPreferencesValues,
  type PreferencesSnapshot,
} from '../../../src/features/preferences/preferencesMachine';
import { danger, makeEditDetails, success } from '../../support/fixtures';
import type { FakePromises } from '../../support/pathHarness';
import {
  describePaths,
  withFakePromises,
  settled,
  type SpecState,
} from '../../support/pathHarness';
import { loadStep } from '../../support/loadModel';

const loaded = makeEditDetails({ consentToHelpEmails: true, consentToMarketingEmails: false });
const savedBack = makeEditDetails({
  consentToHelpEmails: false,
  consentToMarketingEmails: true,
  annotationColor: '#123456',
});
const chosen = { consentToHelpEmails: false, consentToMarketingEmails: true };

type Phase = 'loading' | 'loadFailed' | 'editing' | 'saving';
type AlertKind = 'loadFailed' | 'saved' | 'saveFailed' | null;
interface Model {
  phase: Phase;
  values: { consentToHelpEmails: boolean; consentToMarketingEmails: boolean } | null;
  alert: AlertKind;
  calls: { name: string; input: unknown }[];
}
const start = (): Model => ({
  phase: 'loading',
  values: null,
  alert: null,
  calls: [{ name: 'getUserEditDetails', input: undefined }],
});
let model = start();

const consentsOf = (d: typeof loaded) => ({
  consentToHelpEmails: d.consentToHelpEmails,
  consentToMarketingEmails: d.consentToMarketingEmails,
});

function next(m: Model, event: { type: string; output?: unknown }): Model {
  const afterLoad = loadStep<Model>(m, event, {
    actor: 'getUserEditDetails',
    loaded: (l, output) => ({
      ...l,
      phase: 'editing',
      values: consentsOf(output as typeof loaded),
    }),
    call: { name: 'getUserEditDetails', input: undefined },
  });
  if (afterLoad) return afterLoad;
  switch (event.type) {
    case 'form.submit':
      // The annotation colour goes back as it was loaded (spec: hidden, kept).
      return m.phase === 'editing'
        ? {
            ...m,
            phase: 'saving',
            alert: null,
            calls: [
              ...m.calls,
              { name: 'updatePreferences', input: { ...chosen, annotationColor: '#123456' } },
            ],
          }
        : m;
    case 'xstate.done.actor.updatePreferences':
      return m.phase === 'saving'
        ? {
            ...m,
            phase: 'editing',
            values: consentsOf(event.output as typeof loaded),
            alert: 'saved',
          }
        : m;
    case 'xstate.error.actor.updatePreferences':
      return m.phase === 'saving' ? { ...m, phase: 'editing', alert: 'saveFailed' } : m;
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

const alerts = {
  loadFailed: danger(
    'loadFailed',
    'Error loading user data',
    'There was an error loading the user data',
  ),
  saved: success('saved', 'Preferences Updated', 'Preferences updated successfully'),
  saveFailed: danger('saveFailed', 'Error Updating Details', 'Error updating preferences'),
} as const;

function expectShown(s: PreferencesSnapshot, calls: FakePromises['calls']) {
  expect(selectPreferencesLoading(s)).toBe(model.phase === 'loading');
  expect(selectPreferencesLoadFailed(s)).toBe(model.phase === 'loadFailed');
  expect(selectPreferencesSaving(s)).toBe(model.phase === 'saving');
  expect(selectPreferencesValues(s)).toEqual(model.values);
  expect(selectPreferencesAlert(s)).toEqual(model.alert ? alerts[model.alert] : null);
  expect(calls).toEqual(model.calls);
}

/**
 * The spec's table of the screen's states: loading (the saved preferences are fetched),
 * loadFailed ('Error loading user data', Retry), ready.editing (the two checkboxes),
 * ready.saving ('Saving Preferences...'). None ends the flow.
 */
const states: Record<Phase, SpecState['value']> = {
  loading: 'loading',
  loadFailed: 'loadFailed',
  editing: { ready: 'editing' },
  saving: { ready: 'saving' },
};
const state = (): SpecState => ({ value: states[model.phase], shown: model });

await describePaths({
  machine: preferencesMachine,
  unhandled: true,
  build: withFakePromises(preferencesMachine, 'getUserEditDetails', 'updatePreferences'),
  events: [
    { type: 'form.submit', values: chosen },
    { type: 'retry' },
    { type: 'alert.dismiss' },
    ...settled('getUserEditDetails', [loaded], [new Error('network down')]),
    ...settled('updatePreferences', [savedBack], [{ messages: ['Nope'] }]),
  ],
  afterStep: ({ event, snapshot }, { promises }) => {
    model = next(model, event);
    expectShown(snapshot as PreferencesSnapshot, promises.calls);
  },
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
});
