import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Configuration } from '../../contract/configuration';
import { notProvided } from './notProvided';

/** Spec §9: configuration loading, up to 3 tries, waiting 1 s times the attempt number. */
export const CONFIG_MAX_ATTEMPTS = 3;
export const CONFIG_RETRY_STEP_MS = 1000;

export const configTexts = {
  retrying: (attempt: number) => `Initialization failed, attempt: ${attempt}, please refresh.`,
  failed: 'Error initializing application, please reload the page.',
} as const;

export interface ConfigContext {
  /** The number of the attempt in progress or last made (1-based). */
  attempt: number;
  configuration: Configuration | null;
  error: string | null;
}

export const configMachine = setup({
  types: {
    context: {} as ConfigContext,
    output: {} as Configuration,
  },
  actors: {
    fetchConfiguration: fromPromise<Configuration>(async () => notProvided('fetchConfiguration')),
  },
  delays: {
    retryDelay: ({ context }) => CONFIG_RETRY_STEP_MS * context.attempt,
  },
  guards: {
    hasAttemptsLeft: ({ context }) => context.attempt < CONFIG_MAX_ATTEMPTS,
  },
  actions: {
    storeConfiguration: assign({
      configuration: (_, configuration: Configuration) => configuration,
      error: null,
    }),
    noteRetry: assign({ error: ({ context }) => configTexts.retrying(context.attempt) }),
    noteFailure: assign({ error: configTexts.failed }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
  },
}).createMachine({
  id: 'config',
  description:
    'Loads the configuration from the server at start-up: up to 3 tries, waiting 1 s times the attempt number between tries (spec §9).',
  context: { attempt: 1, configuration: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/configuration (no base).',
      invoke: {
        id: 'fetchConfiguration',
        src: 'fetchConfiguration',
        onDone: {
          target: 'loaded',
          actions: { type: 'storeConfiguration', params: ({ event }) => event.output },
          description: 'The configuration arrived and is valid.',
        },
        onError: [
          {
            guard: 'hasAttemptsLeft',
            target: 'waiting',
            actions: 'noteRetry',
            description: "'Initialization failed, attempt: n, please refresh.'",
          },
          {
            target: 'failed',
            actions: 'noteFailure',
            description:
              "Configuration missing after 3 tries: 'Error initializing application, please reload the page.'",
          },
        ],
      },
    },
    waiting: {
      description: 'Waiting 1 s times the attempt number before the next try.',
      after: {
        retryDelay: {
          target: 'loading',
          actions: 'countAttempt',
          description: 'Try again after 1 s times the attempt number.',
        },
      },
    },
    loaded: {
      type: 'final',
      description: 'Configuration available to the whole app.',
    },
    failed: {
      description: 'Initialization failed; the person must reload the page.',
      tags: ['error'],
    },
  },
  output: ({ context }) => context.configuration as Configuration,
});

export type ConfigSnapshot = SnapshotFrom<typeof configMachine>;

export const selectConfigError = (s: ConfigSnapshot) => s.context.error;
export const selectConfigFailed = (s: ConfigSnapshot) => s.hasTag('error');
export const selectConfigAttempt = (s: ConfigSnapshot) => s.context.attempt;
