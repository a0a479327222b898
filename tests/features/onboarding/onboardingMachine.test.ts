import { expect, it, vi, type Mock } from 'vitest';
import { createActor, createMachine, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { Topic } from '../../../contract/topics';
import * as onboardingFlow from '../../../src/features/onboarding/onboardingMachine';
import type { AvatarUploadInput } from '../../../src/machines/avatarUploadMachine';
import { FakePromises, inertMachine, settled, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';

/**
 * Onboarding as spec §2.3 and §4 describe it, written down here independently of the machine:
 * step 2 choose topics (at least 3; 'Choose at least 3 Topics' disabled below, then 'Select
 * these N topics'; topics already chosen preselected), 2 -> 3 once the topics are saved, 3 -> 4 by
 * Next or Skip, 4 ends with Start Giving (the onboarding flag set false, then the session
 * refreshed to /); the back arrow goes to the previous step and never below 2; the step is kept
 * per user in browser storage so a reload resumes at it. §8: 'Error loading data' with 'Error
 * getting topics' or 'Error getting user selected topics' and 'Please reload and try again';
 * saving: 'Error saving topics' with 'Error updating user topics' by default (the server's own
 * messages when it gives them); completing: 'Error setting onboarding as completed.'.
 */
const USER_ID = 41;
const TENANT_ID = 7;
const TOPICS: Topic[] = [
  { id: 1, name: 'Animal welfare', order: 1, enabled: true },
  { id: 2, name: 'Children and youth', order: 2, enabled: true },
  { id: 3, name: 'Climate action', order: 3, enabled: true },
  { id: 4, name: 'Education', order: 4, enabled: true },
];
/** The person chose 2 earlier, and 9, a topic no longer offered. */
const CHOSEN_BEFORE = [2, 9];
const REFUSED = Object.assign(new Error('refused'), {
  messages: ['One of the chosen topics is not available; reload and choose again.'],
});
const offline = new Error('offline');
const AVATAR: AvatarUploadInput = {
  presetId: 'avatar',
  cropping: true,
  reference: 'avatar:guid-41',
  ownerId: USER_ID,
  current: { imageUrl: null },
};
const SAVED = { type: 'avatar.changed', status: 'uploaded', imageUrl: '/media/files/f1' } as const;
const DELETED = { type: 'avatar.changed', status: 'deleted', imageUrl: null } as const;

type Phase = 'loadingTopics' | 'loadingChoices' | 'loadFailed' | 'step';
interface Model {
  phase: Phase;
  failedLoad: 'topics' | 'choices' | null;
  step: onboardingFlow.OnboardingStep;
  chosen: number[];
  saving: boolean;
  saveErrors: string[];
  completing: boolean;
  finished: boolean;
  completeError: string | null;
  /** The steps stored, in order. */
  stored: onboardingFlow.OnboardingStep[];
  /** The picture step 3's widget starts with: the last one saved, none after a delete. */
  imageUrl: string | null;
  /** The picture the running widget was started with (it started as step 3 was entered). */
  widgetImageUrl: string | null;
  /** Session refreshes asked for: undefined (stay) or '/' (then go home). */
  refreshes: (string | undefined)[];
  calls: { name: string; input: unknown }[];
}

const start = (resume: onboardingFlow.OnboardingStep): Model => ({
  phase: 'loadingTopics',
  failedLoad: null,
  step: resume,
  chosen: [],
  saving: false,
  saveErrors: [],
  completing: false,
  finished: false,
  completeError: null,
  stored: [],
  imageUrl: null,
  widgetImageUrl: null,
  refreshes: [],
  calls: [{ name: 'loadTopics', input: undefined }],
});
let model = start(2);
let resume: onboardingFlow.OnboardingStep = 2;

/** Entering a step keeps it in storage. */
const enter = (m: Model, step: onboardingFlow.OnboardingStep): Model => ({
  ...m,
  step,
  widgetImageUrl: step === 3 ? m.imageUrl : m.widgetImageUrl,
  stored: [...m.stored, step],
  saveErrors: step === 2 ? m.saveErrors : [],
});

function next(m: Model, event: AnyEventObject): Model {
  const onStep = m.phase === 'step';
  const idle = onStep && !m.saving && !m.completing && !m.finished;
  switch (event.type) {
    case 'xstate.done.actor.loadTopics':
      return m.phase === 'loadingTopics'
        ? {
            ...m,
            phase: 'loadingChoices',
            calls: [...m.calls, { name: 'loadChosenTopics', input: { userId: USER_ID } }],
          }
        : m;
    case 'xstate.error.actor.loadTopics':
      return m.phase === 'loadingTopics' ? { ...m, phase: 'loadFailed', failedLoad: 'topics' } : m;
    case 'xstate.done.actor.loadChosenTopics': {
      if (m.phase !== 'loadingChoices') return m;
      const offered = (event.output as number[]).filter((id) => TOPICS.some((t) => t.id === id));
      return enter({ ...m, phase: 'step', failedLoad: null, chosen: offered }, resume);
    }
    case 'xstate.error.actor.loadChosenTopics':
      return m.phase === 'loadingChoices'
        ? { ...m, phase: 'loadFailed', failedLoad: 'choices' }
        : m;
    case 'retry':
      return m.phase === 'loadFailed'
        ? {
            ...m,
            phase: 'loadingTopics',
            calls: [...m.calls, { name: 'loadTopics', input: undefined }],
          }
        : m;
    case 'topic.toggle': {
      if (!idle || m.step !== 2) return m;
      const id = (event as unknown as { topicId: number }).topicId;
      return {
        ...m,
        chosen: m.chosen.includes(id) ? m.chosen.filter((c) => c !== id) : [...m.chosen, id],
      };
    }
    case 'topics.save':
      if (!idle || m.step !== 2 || m.chosen.length < 3) return m;
      return {
        ...m,
        saving: true,
        saveErrors: [],
        calls: [
          ...m.calls,
          { name: 'saveTopics', input: { userId: USER_ID, topicIds: [...m.chosen] } },
        ],
      };
    case 'xstate.done.actor.saveTopics':
      return m.saving ? enter({ ...m, saving: false }, 3) : m;
    case 'xstate.error.actor.saveTopics': {
      if (!m.saving) return m;
      const error = event.error as { messages?: string[] };
      return { ...m, saving: false, saveErrors: error.messages ?? ['Error updating user topics'] };
    }
    case 'photo.next':
    case 'photo.skip':
      return idle && m.step === 3 ? enter(m, 4) : m;
    case 'avatar.changed':
      // After a confirmed avatar upload the session is refreshed (the photo step stays).
      return idle && m.step === 3
        ? {
            ...m,
            imageUrl: (event as unknown as { imageUrl: string | null }).imageUrl,
            refreshes: [...m.refreshes, undefined],
          }
        : m;
    case 'layout.back':
      if (!idle || m.step === 2) return m;
      return enter({ ...m, completeError: null }, (m.step - 1) as onboardingFlow.OnboardingStep);
    case 'onboarding.complete':
      return idle && m.step === 4
        ? {
            ...m,
            completing: true,
            completeError: null,
            calls: [...m.calls, { name: 'completeOnboarding', input: { tenantId: TENANT_ID } }],
          }
        : m;
    case 'xstate.done.actor.completeOnboarding':
      return m.completing
        ? { ...m, completing: false, finished: true, refreshes: [...m.refreshes, '/'] }
        : m;
    case 'xstate.error.actor.completeOnboarding':
      return m.completing
        ? { ...m, completing: false, completeError: 'Error setting onboarding as completed.' }
        : m;
    default:
      return m;
  }
}

/**
 * The spec's table of onboarding's states (§2.3, §4): loadingTopics, then loadingChoices (the
 * person's chosen topics), loadFailed ('Error loading data', reload); step 2 choose topics
 * (topics.choosing, then topics.saving while they are saved), step 3 the photo, step 4 the
 * welcome (welcome.ready, welcome.completing while the onboarding is set completed,
 * welcome.finishing while the session refreshes to /). The flow does not end by itself: the app
 * opens / after the refresh.
 */
function state(): SpecState {
  const m = model;
  const at = (value: SpecState['value']): SpecState => ({ value, done: false, shown: m });
  if (m.phase !== 'step') return at(m.phase);
  if (m.step === 2) return at({ topics: m.saving ? 'saving' : 'choosing' });
  if (m.step === 3) return at('photo');
  return at({ welcome: m.completing ? 'completing' : m.finished ? 'finishing' : 'ready' });
}

interface Spies {
  promises: FakePromises;
  stored: Mock<(step: { userId: number; step: onboardingFlow.OnboardingStep }) => void>;
  refreshes: (string | undefined)[];
}

function expectShown(s: onboardingFlow.OnboardingSnapshot, spies: Spies) {
  const m = model;
  const onStep = m.phase === 'step';
  expect(onboardingFlow.selectStep(s)).toBe(onStep ? m.step : null);
  const page = onboardingFlow.selectOnboardingPage(s);
  if (m.phase === 'loadFailed') {
    expect(page).toEqual({
      kind: 'loadFailed',
      alert: {
        title: 'Error loading data',
        lines: [
          m.failedLoad === 'choices'
            ? 'Error getting user selected topics'
            : 'Error getting topics',
          'Please reload and try again',
        ],
      },
    });
  } else if (onStep && m.step === 3) {
    // Step 3 shows its photo widget, the avatar upload started on entering it.
    expect(page).toEqual({ kind: 'photo', avatarRef: s.children.avatarUpload });
    expect(s.children.avatarUpload).toBeDefined();
  } else {
    expect(page).toEqual({
      kind: onStep ? (m.step === 2 ? 'topics' : 'welcome') : 'loading',
    });
  }
  // The page is the same object while it shows (the screen does not redraw for nothing).
  expect(onboardingFlow.selectOnboardingPage(s)).toBe(page);
  // Topics already chosen are preselected; the rest are offered unchosen, in their order.
  if (onStep) {
    expect(onboardingFlow.selectTopicChoices(s)).toEqual(
      TOPICS.map((t) => ({ id: t.id, name: t.name, chosen: m.chosen.includes(t.id) })),
    );
  }
  const enough = m.chosen.length >= 3;
  expect(onboardingFlow.selectTopicsButton(s)).toEqual(
    enough
      ? { label: `Select these ${m.chosen.length} topics`, disabled: m.saving }
      : { label: 'Choose at least 3 Topics', disabled: true },
  );
  expect(onboardingFlow.selectSavingTopics(s)).toBe(m.saving);
  expect(onboardingFlow.selectCanToggleTopics(s)).toBe(onStep && m.step === 2 && !m.saving);
  expect(onboardingFlow.selectSaveAlert(s)).toEqual(
    onStep && m.step === 2 && m.saveErrors.length > 0
      ? { title: 'Error saving topics', lines: m.saveErrors }
      : null,
  );
  expect(onboardingFlow.selectCompleting(s)).toBe(m.completing || m.finished);
  expect(onboardingFlow.selectCompleteError(s)).toBe(
    onStep && m.step === 4 ? m.completeError : null,
  );
  // The back arrow goes to the previous step and never below step 2.
  expect(s.can({ type: 'layout.back' })).toBe(
    onStep && m.step > 2 && !m.saving && !m.completing && !m.finished,
  );
  expect(spies.stored.mock.calls.map(([call]) => call)).toEqual(
    m.stored.map((step) => ({ userId: USER_ID, step })),
  );
  expect(spies.refreshes).toEqual(m.refreshes);
  // Step 3 runs the avatar widget, with the picture as last saved; no other step does.
  const widget = s.children.avatarUpload as { getSnapshot(): { context: unknown } } | undefined;
  if (onStep && m.step === 3) {
    expect(widget?.getSnapshot().context).toEqual({
      input: { ...AVATAR, current: { imageUrl: m.widgetImageUrl } },
    });
  } else expect(widget).toBeUndefined();
  expect(spies.promises.calls).toEqual(m.calls);
  expect(s.status).toBe('active');
}

function build() {
  const promises = new FakePromises();
  const spies: Spies = { promises, stored: vi.fn(), refreshes: [] };
  const machine = onboardingFlow.onboardingMachine.provide({
    actors: {
      ...promises.actors('loadTopics', 'loadChosenTopics', 'saveTopics', 'completeOnboarding'),
      avatarUpload: inertMachine('avatarUpload') as never,
    },
    actions: {
      storeStep: (_, step) => spies.stored(step),
      refreshSession: () => spies.refreshes.push(undefined),
      refreshSessionToHome: () => spies.refreshes.push('/'),
    },
  });
  return { machine, promises, spies };
}

const input = (step: onboardingFlow.OnboardingStep): onboardingFlow.OnboardingInput => ({
  userId: USER_ID,
  tenantId: TENANT_ID,
  step,
  avatar: AVATAR,
});

it('starts by loading the topics, with nothing stored yet', async () => {
  const { machine, spies } = build();
  const actor = createActor(machine, { input: input(3) }).start();
  await Promise.resolve();
  model = start(3);
  resume = 3;
  expectShown(actor.getSnapshot(), spies);
  actor.stop();
});

await describePathsForInputs<Spies, onboardingFlow.OnboardingInput>({
  machine: onboardingFlow.onboardingMachine,
  inputs: [
    {
      name: 'a first visit (step 2)',
      input: input(2),
      paths: [
        {
          name: 'topics saved, photo skipped, back and forward, Start Giving',
          events: [
            { type: 'xstate.done.actor.loadTopics', output: TOPICS },
            { type: 'xstate.done.actor.loadChosenTopics', output: CHOSEN_BEFORE },
            { type: 'topic.toggle', topicId: 1 },
            { type: 'topic.toggle', topicId: 3 },
            { type: 'topics.save' },
            { type: 'xstate.done.actor.saveTopics', output: [2, 1, 3] },
            SAVED,
            { type: 'photo.skip' },
            { type: 'layout.back' },
            { type: 'layout.back' },
            { type: 'layout.back' },
            { type: 'topics.save' },
            { type: 'xstate.done.actor.saveTopics', output: [2, 1, 3] },
            { type: 'photo.next' },
            { type: 'onboarding.complete' },
            { type: 'xstate.done.actor.completeOnboarding', output: undefined },
          ],
        },
        {
          name: "a refused save keeps the choices and shows the server's messages",
          events: [
            { type: 'xstate.done.actor.loadTopics', output: TOPICS },
            { type: 'xstate.done.actor.loadChosenTopics', output: [1, 2, 3] },
            { type: 'topics.save' },
            { type: 'xstate.error.actor.saveTopics', error: REFUSED },
            { type: 'topic.toggle', topicId: 4 },
            { type: 'topics.save' },
          ],
        },
        {
          name: 'unchoosing below 3 disables the button again',
          events: [
            { type: 'xstate.done.actor.loadTopics', output: TOPICS },
            { type: 'xstate.done.actor.loadChosenTopics', output: [1, 2, 3] },
            { type: 'topic.toggle', topicId: 2 },
            { type: 'topics.save' },
          ],
        },
      ],
    },
    { name: 'a reload on step 3', input: input(3) },
    {
      name: 'a reload on step 4',
      input: input(4),
      paths: [
        {
          name: 'Start Giving fails, then succeeds',
          events: [
            { type: 'xstate.done.actor.loadTopics', output: TOPICS },
            { type: 'xstate.done.actor.loadChosenTopics', output: [] },
            { type: 'onboarding.complete' },
            { type: 'xstate.error.actor.completeOnboarding', error: offline },
            { type: 'onboarding.complete' },
            { type: 'xstate.done.actor.completeOnboarding', output: undefined },
          ],
        },
        {
          name: 'a failed Start Giving is gone after going back and returning',
          events: [
            { type: 'xstate.done.actor.loadTopics', output: TOPICS },
            { type: 'xstate.done.actor.loadChosenTopics', output: [] },
            { type: 'onboarding.complete' },
            { type: 'xstate.error.actor.completeOnboarding', error: offline },
            { type: 'layout.back' },
            { type: 'photo.next' },
          ],
        },
        {
          name: 'the choices load second and fail: which load failed is said',
          events: [
            { type: 'xstate.done.actor.loadTopics', output: TOPICS },
            { type: 'xstate.error.actor.loadChosenTopics', error: offline },
            { type: 'retry' },
            { type: 'xstate.error.actor.loadTopics', error: offline },
          ],
        },
      ],
    },
  ],
  build,
  unhandled: true,
  events: [
    ...settled('loadTopics', [TOPICS], [offline]),
    ...settled('loadChosenTopics', [CHOSEN_BEFORE], [offline]),
    { type: 'retry' },
    { type: 'topic.toggle', topicId: 1 },
    { type: 'topic.toggle', topicId: 2 },
    { type: 'topic.toggle', topicId: 3 },
    { type: 'topics.save' },
    ...settled('saveTopics', [[2, 1, 3]], [offline]),
    { type: 'photo.next' },
    { type: 'photo.skip' },
    SAVED,
    DELETED,
    { type: 'layout.back' },
    { type: 'onboarding.complete' },
    ...settled('completeOnboarding', [undefined], [offline]),
  ],
  afterStep: ({ event, snapshot }, spies) => {
    model = next(model, event);
    expectShown(snapshot as onboardingFlow.OnboardingSnapshot, spies);
  },
  spec: {
    initial: (_spies, pathInput) => {
      resume = pathInput.step;
      model = start(resume);
      return state();
    },
    after: state,
  },
});

it('speaks to the app by the flow protocol: a saved picture refreshes the session; Start Giving refreshes it to /', async () => {
  const promises = new FakePromises();
  const received: unknown[] = [];
  const child = onboardingFlow.onboardingMachine.provide({
    actors: {
      ...promises.actors('loadTopics', 'loadChosenTopics', 'saveTopics', 'completeOnboarding'),
      avatarUpload: inertMachine('avatarUpload') as never,
    },
    actions: { storeStep: () => undefined },
  });
  const app = createMachine({
    invoke: { id: 'onboarding', src: child, input: input(3) },
    on: { '*': { actions: ({ event }) => received.push(event) } },
  });
  const actor = createActor(app).start();
  const onboarding = actor.getSnapshot().children.onboarding as AnyActorRef;
  const settle = async (id: string, value: unknown) => {
    promises.settle(id, 'done', value);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  await settle('loadTopics', TOPICS);
  await settle('loadChosenTopics', [1, 2, 3]);
  onboarding.send(SAVED);
  expect(received).toEqual([{ type: 'flow.refreshSession' }]);
  onboarding.send({ type: 'photo.next' });
  onboarding.send({ type: 'onboarding.complete' });
  await settle('completeOnboarding', undefined);
  expect(received).toEqual([
    { type: 'flow.refreshSession' },
    { type: 'flow.refreshSession', redirectTo: '/' },
  ]);
  actor.stop();
});
