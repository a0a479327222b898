import { assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import { onboardingTexts as completionTexts } from '../../../contract/tenants';
import { MINIMUM_TOPICS, topicTexts, type Topic } from '../../../contract/topics';
import {
  avatarUploadMachine,
  type AvatarChangedEvent,
  type AvatarUploadInput,
} from '../../machines/avatarUploadMachine';
import { messagesFrom } from '../../machines/errorMessages';
import type { FlowEvent } from '../../machines/flows';
import { notProvided } from '../../machines/notProvided';

/** Spec §4 Onboarding step, §9: steps 2 (topics), 3 (profile photo) and 4 (welcome); default 2. */
export type OnboardingStep = 2 | 3 | 4;
export const FIRST_ONBOARDING_STEP: OnboardingStep = 2;

/** Spec §8 Topics and onboarding completion, §5 Topics, §2.3 Onboarding. */
export const onboardingTexts = {
  loadTitle: 'Error loading data',
  topicsFailed: 'Error getting topics',
  choicesFailed: 'Error getting user selected topics',
  reload: 'Please reload and try again',
  saveTitle: 'Error saving topics',
  saveFailed: 'Error updating user topics',
  completeFailed: completionTexts.completeFailed,
  tooFew: topicTexts.tooFew,
  select: (count: number) => `Select these ${count} topics`,
  next: 'Next',
  skip: 'Skip',
  startGiving: 'Start Giving',
} as const;

export interface OnboardingInput {
  userId: number;
  /** The person's current organisation (Start Giving marks its onboarding complete). */
  tenantId: number;
  /** The step kept for this person in the browser's storage (2 when none). */
  step: OnboardingStep;
  /** The avatar widget's input: the person's photo (userAvatarUploadInput). */
  avatar: AvatarUploadInput;
}

export interface OnboardingContext {
  userId: number;
  tenantId: number;
  /** The step the flow resumes at once the topics have loaded. */
  resumeStep: OnboardingStep;
  /** The avatar widget's input, with the picture as it was last saved or deleted. */
  avatar: AvatarUploadInput;
  /** The enabled topics, in their order. */
  topics: Topic[];
  /** The ids of the topics chosen, in the order they were chosen. */
  chosen: number[];
  /** Which load failed, when one did. */
  loadFailure: 'topics' | 'choices' | null;
  /** Why saving the topics failed (the server's messages, else the spec's default). */
  saveErrors: string[];
  /** Why Start Giving failed. */
  completeErrors: string[];
}

export type OnboardingEvent =
  | { type: 'topic.toggle'; topicId: number }
  | { type: 'topics.save' }
  | { type: 'photo.next' }
  | { type: 'photo.skip' }
  | { type: 'onboarding.complete' }
  /** The full-page layout's back arrow (the flow owns it). */
  | { type: 'layout.back' }
  | { type: 'retry' }
  /** The avatar widget saved or deleted the person's picture. */
  | AvatarChangedEvent;

export interface SaveTopicsInput {
  userId: number;
  topicIds: number[];
}

function toggled(chosen: readonly number[], topicId: number): number[] {
  return chosen.includes(topicId) ? chosen.filter((id) => id !== topicId) : [...chosen, topicId];
}

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    children: {} as { avatarUpload: 'avatarUpload' },
  },
  actors: {
    /** The avatar upload widget (its real actors are provided by the feature's entry). */
    avatarUpload: avatarUploadMachine,
    /** POST userinterestedtopics/list (page 1, pageSize 999, sortBy Order). */
    loadTopics: fromPromise<Topic[]>(async () => notProvided('loadTopics')),
    /** GET users/getUserInterestedTopicsIdList?id= */
    loadChosenTopics: fromPromise<number[], { userId: number }>(async () =>
      notProvided('loadChosenTopics'),
    ),
    /** POST users/updateUserInterestedTopics (userId, topicIds). */
    saveTopics: fromPromise<unknown, SaveTopicsInput>(async () => notProvided('saveTopics')),
    /** POST tenants/setIsOnboarding (the current tenant's id, value false). */
    completeOnboarding: fromPromise<unknown, { tenantId: number }>(async () =>
      notProvided('completeOnboarding'),
    ),
  },
  guards: {
    resumesAtPhoto: ({ context }) => context.resumeStep === 3,
    resumesAtWelcome: ({ context }) => context.resumeStep === 4,
    hasEnoughTopics: ({ context }) => context.chosen.length >= MINIMUM_TOPICS,
  },
  actions: {
    assignTopics: assign((_, topics: Topic[]) => ({ topics, loadFailure: null })),
    /** Topics already chosen are preselected (those still offered). */
    assignChosen: assign(({ context }, ids: number[]) => ({
      chosen: ids.filter((id) => context.topics.some((topic) => topic.id === id)),
    })),
    assignLoadFailure: assign((_, loadFailure: 'topics' | 'choices') => ({ loadFailure })),
    toggleTopic: assign(({ context }, topicId: number) => ({
      chosen: toggled(context.chosen, topicId),
    })),
    /** Coming back to step 3 shows the picture as it was last saved (or none after a delete). */
    assignAvatarImage: assign(({ context }, imageUrl: string | null) => ({
      avatar: { ...context.avatar, current: { imageUrl } },
    })),
    clearSaveErrors: assign({ saveErrors: [] }),
    assignSaveErrors: assign((_, error: unknown) => ({
      saveErrors: messagesFrom(error, onboardingTexts.saveFailed),
    })),
    clearCompleteErrors: assign({ completeErrors: [] }),
    assignCompleteErrors: assign((_, _error: unknown) => ({
      completeErrors: [onboardingTexts.completeFailed],
    })),
    /** Keeps the step for this person in the browser's storage, so a reload stays on it. */
    storeStep: (_, _step: { userId: number; step: OnboardingStep }) => notProvided('storeStep'),
    /** The flow protocol: refresh the session (its token carries the new avatar). */
    refreshSession: sendParent((): FlowEvent => ({ type: 'flow.refreshSession' })),
    /** The flow protocol: refresh the session, then go to /. */
    refreshSessionToHome: sendParent((): FlowEvent => ({
      type: 'flow.refreshSession',
      redirectTo: '/',
    })),
  },
}).createMachine({
  id: 'onboarding',
  description:
    'Spec §2.3 Onboarding and §4 Onboarding step: step 2 choose topics, step 3 profile photo, step 4 welcome. The current step is kept per user in local browser storage and defaults to 2.',
  context: ({ input }) => ({
    userId: input.userId,
    tenantId: input.tenantId,
    resumeStep: input.step,
    avatar: input.avatar,
    topics: [],
    chosen: [],
    loadFailure: null,
    saveErrors: [],
    completeErrors: [],
  }),
  initial: 'loadingTopics',
  states: {
    loadingTopics: {
      description: 'POST userinterestedtopics/list: the topics to choose from.',
      invoke: {
        id: 'loadTopics',
        src: 'loadTopics',
        onDone: {
          target: 'loadingChoices',
          actions: { type: 'assignTopics', params: ({ event }) => event.output },
          description: 'The topics arrived.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadFailure', params: 'topics' },
          description: "'Error getting topics'.",
        },
      },
    },
    loadingChoices: {
      description: 'GET users/getUserInterestedTopicsIdList: the topics already chosen.',
      invoke: {
        id: 'loadChosenTopics',
        src: 'loadChosenTopics',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'resuming',
          actions: { type: 'assignChosen', params: ({ event }) => event.output },
          description: 'Topics already chosen are preselected.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadFailure', params: 'choices' },
          description: "'Error getting user selected topics'.",
        },
      },
    },
    loadFailed: {
      description: "'Error loading data': the failed load, then 'Please reload and try again'.",
      on: { retry: { target: 'loadingTopics', description: 'Load again.' } },
    },
    resuming: {
      description: 'The step kept in browser storage (2 when none).',
      always: [
        { guard: 'resumesAtPhoto', target: 'photo', description: 'Step 3 was kept.' },
        { guard: 'resumesAtWelcome', target: 'welcome', description: 'Step 4 was kept.' },
        { target: 'topics', description: 'Step 2.' },
      ],
    },
    topics: {
      description:
        "Step 2: choose topics. At least 3 must be chosen; otherwise a disabled button reads 'Choose at least 3 Topics'. Once enough are chosen it reads 'Select these N topics'.",
      entry: {
        type: 'storeStep',
        params: ({ context }) => ({ userId: context.userId, step: 2 as const }),
      },
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Topics are chosen and unchosen.',
          on: {
            'topic.toggle': {
              actions: { type: 'toggleTopic', params: ({ event }) => event.topicId },
              description: 'Choose or unchoose a topic.',
            },
            'topics.save': {
              guard: 'hasEnoughTopics',
              target: 'saving',
              actions: 'clearSaveErrors',
              description: "'Select these N topics' (at least 3 chosen).",
            },
          },
        },
        saving: {
          description: 'POST users/updateUserInterestedTopics.',
          invoke: {
            id: 'saveTopics',
            src: 'saveTopics',
            input: ({ context }) => ({ userId: context.userId, topicIds: context.chosen }),
            onDone: { target: '#onboarding.photo', description: 'Saved: step 3.' },
            onError: failedCall(
              'choosing',
              'assignSaveErrors',
              "'Error saving topics' ('Error updating user topics' by default); the choices stay.",
            ),
          },
        },
      },
    },
    photo: {
      description: 'Step 3: an optional profile photo (the avatar upload widget).',
      entry: {
        type: 'storeStep',
        params: ({ context }) => ({ userId: context.userId, step: 3 as const }),
      },
      invoke: {
        id: 'avatarUpload',
        src: 'avatarUpload',
        input: ({ context }) => context.avatar,
      },
      on: {
        'photo.next': { target: 'welcome', description: 'Next: step 4.' },
        'photo.skip': { target: 'welcome', description: 'Skip adding a picture: step 4.' },
        'layout.back': { target: 'topics', description: 'Back: step 2.' },
        'avatar.changed': {
          actions: [
            { type: 'assignAvatarImage', params: ({ event }) => event.imageUrl },
            'refreshSession',
          ],
          description:
            'After a confirmed avatar upload (or a delete) the session is refreshed, so the token carries the new picture.',
        },
      },
    },
    welcome: {
      description: 'Step 4: welcome; Start Giving marks onboarding complete.',
      entry: {
        type: 'storeStep',
        params: ({ context }) => ({ userId: context.userId, step: 4 as const }),
      },
      // Coming back to step 4 starts without the earlier failure.
      exit: 'clearCompleteErrors',
      initial: 'ready',
      states: {
        ready: {
          description: 'Start Giving.',
          on: {
            'onboarding.complete': {
              target: 'completing',
              actions: 'clearCompleteErrors',
              description: 'Start Giving.',
            },
            'layout.back': { target: '#onboarding.photo', description: 'Back: step 3.' },
          },
        },
        completing: {
          description: 'POST tenants/setIsOnboarding: the onboarding flag set false.',
          invoke: {
            id: 'completeOnboarding',
            src: 'completeOnboarding',
            input: ({ context }) => ({ tenantId: context.tenantId }),
            onDone: {
              target: 'finishing',
              actions: 'refreshSessionToHome',
              description: 'Onboarding complete: the session is refreshed to /.',
            },
            onError: failedCall(
              'ready',
              'assignCompleteErrors',
              "'Error setting onboarding as completed.'",
            ),
          },
        },
        finishing: {
          description: 'The session refreshes, then the app opens /.',
        },
      },
    },
  },
});

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/** The step shown, or null while the topics load or after a failed load. */
export function selectStep(s: OnboardingSnapshot): OnboardingStep | null {
  if (s.matches('topics')) return 2;
  if (s.matches('photo')) return 3;
  if (s.matches('welcome')) return 4;
  return null;
}

/** 'Error loading data', which load failed, then 'Please reload and try again'. */
export interface OnboardingLoadError {
  title: string;
  lines: string[];
}

export interface TopicChoice {
  id: number;
  name: string;
  chosen: boolean;
}

export const selectTopicChoices = (s: OnboardingSnapshot): TopicChoice[] =>
  s.context.topics.map((topic) => ({
    id: topic.id,
    name: topic.name,
    chosen: s.context.chosen.includes(topic.id),
  }));

/** Spec §5 Topics: the button's text and whether it can be pressed. */
export function selectTopicsButton(s: OnboardingSnapshot): { label: string; disabled: boolean } {
  const count = s.context.chosen.length;
  if (count < MINIMUM_TOPICS) return { label: onboardingTexts.tooFew, disabled: true };
  return { label: onboardingTexts.select(count), disabled: s.matches({ topics: 'saving' }) };
}

export const selectSavingTopics = (s: OnboardingSnapshot) => s.matches({ topics: 'saving' });
/** Topics cannot change while they are being saved. */
export const selectCanToggleTopics = (s: OnboardingSnapshot) => s.matches({ topics: 'choosing' });

export function selectSaveAlert(s: OnboardingSnapshot): { title: string; lines: string[] } | null {
  if (!s.matches('topics') || s.context.saveErrors.length === 0) return null;
  return { title: onboardingTexts.saveTitle, lines: s.context.saveErrors };
}

export const selectCompleting = (s: OnboardingSnapshot) =>
  s.matches({ welcome: 'completing' }) || s.matches({ welcome: 'finishing' });

export function selectCompleteError(s: OnboardingSnapshot): string | null {
  if (!s.matches('welcome')) return null;
  return s.context.completeErrors[0] ?? null;
}

/** The avatar widget's actor while step 3 shows (its connector renders it). */
export const selectAvatarUploadRef = (s: OnboardingSnapshot) => s.children.avatarUpload ?? null;

type AvatarUploadRef = NonNullable<ReturnType<typeof selectAvatarUploadRef>>;

/** Which page the screen shows: the load, its failure, or one of the three steps. */
export type OnboardingPage =
  | { kind: 'loading' }
  | { kind: 'loadFailed'; alert: OnboardingLoadError }
  | { kind: 'topics' }
  | { kind: 'photo'; avatarRef: AvatarUploadRef }
  | { kind: 'welcome' };

const loadFailedPage = (failed: string): OnboardingPage => ({
  kind: 'loadFailed',
  alert: { title: onboardingTexts.loadTitle, lines: [failed, onboardingTexts.reload] },
});
const onboardingPages = {
  loading: { kind: 'loading' },
  choicesFailed: loadFailedPage(onboardingTexts.choicesFailed),
  topicsFailed: loadFailedPage(onboardingTexts.topicsFailed),
  topics: { kind: 'topics' },
  welcome: { kind: 'welcome' },
} as const satisfies Record<string, OnboardingPage>;
const photoPages = new WeakMap<AvatarUploadRef, OnboardingPage>();

/**
 * The page shown: a failed load's error, else the step, else the load. Step 3 shows once its
 * photo widget has started (the same snapshot that enters it); until then the load shows.
 */
export function selectOnboardingPage(s: OnboardingSnapshot): OnboardingPage {
  if (s.matches('loadFailed')) {
    return s.context.loadFailure === 'choices'
      ? onboardingPages.choicesFailed
      : onboardingPages.topicsFailed;
  }
  const step = selectStep(s);
  if (step === 2) return onboardingPages.topics;
  if (step === 4) return onboardingPages.welcome;
  const avatarRef = selectAvatarUploadRef(s);
  if (step !== 3 || !avatarRef) return onboardingPages.loading;
  let page = photoPages.get(avatarRef);
  if (!page) {
    page = { kind: 'photo', avatarRef };
    photoPages.set(avatarRef, page);
  }
  return page;
}
