import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { notProvided } from './notProvided';

/** Spec §4 Captcha token / §9: up to 3 attempts, 1 s apart. */
export const CAPTCHA_MAX_ATTEMPTS = 3;
export const CAPTCHA_RETRY_MS = 1000;

/** Spec §8 Signup: the alert shown when no token could be generated. */
export const captchaTokenTexts = {
  failedTitle: 'ReCaptcha Error',
  failed: 'Failed to generate ReCaptcha token, please refresh the page.',
} as const;

export interface CaptchaTokenInput {
  /** The action the token is generated for ('signup'). */
  action: string;
}

export interface CaptchaTokenContext {
  action: string;
  /** The number of the attempt in progress or last made (1-based). */
  attempt: number;
  token: string | null;
}

/** The token, or null when every attempt failed. */
export type CaptchaTokenOutput = string | null;

/** The machine takes no events: it runs by itself and ends. */
export type CaptchaTokenEvent = never;

export const captchaTokenMachine = setup({
  types: {
    context: {} as CaptchaTokenContext,
    input: {} as CaptchaTokenInput,
    output: {} as CaptchaTokenOutput,
  },
  actors: {
    /** Runs the captcha for the action and answers its token (reCAPTCHA v3 style). */
    executeCaptcha: fromPromise<string, { action: string }>(async () =>
      notProvided('executeCaptcha'),
    ),
  },
  delays: {
    captchaRetry: CAPTCHA_RETRY_MS,
  },
  guards: {
    hasAttemptsLeft: ({ context }) => context.attempt < CAPTCHA_MAX_ATTEMPTS,
  },
  actions: {
    assignToken: assign((_, token: string) => ({ token })),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
  },
}).createMachine({
  id: 'captchaToken',
  description:
    "Spec §4 Captcha token: a token generated per action ('signup'), up to 3 attempts, 1 s apart. Ends with the token, or without one ('ReCaptcha Error').",
  context: ({ input }) => ({ action: input.action, attempt: 1, token: null }),
  initial: 'generating',
  states: {
    generating: {
      description: 'The captcha generates a token for the action.',
      invoke: {
        id: 'executeCaptcha',
        src: 'executeCaptcha',
        input: ({ context }) => ({ action: context.action }),
        onDone: {
          target: 'generated',
          actions: { type: 'assignToken', params: ({ event }) => event.output },
          description: 'A token was generated.',
        },
        onError: [
          {
            guard: 'hasAttemptsLeft',
            target: 'waiting',
            description: 'The attempt failed: try again (up to 3 attempts).',
          },
          {
            target: 'failed',
            description:
              "3 attempts failed: 'ReCaptcha Error', 'Failed to generate ReCaptcha token, please refresh the page.'",
          },
        ],
      },
    },
    waiting: {
      description: 'Waiting 1 s before the next attempt.',
      after: {
        captchaRetry: {
          target: 'generating',
          actions: 'countAttempt',
          description: 'The next attempt, 1 s after the failed one.',
        },
      },
    },
    generated: {
      type: 'final',
      description: 'The token is handed to the caller.',
    },
    failed: {
      type: 'final',
      description:
        "No token: 'ReCaptcha Error', 'Failed to generate ReCaptcha token, please refresh the page.'",
    },
  },
  output: ({ context }) => context.token,
});

export type CaptchaTokenSnapshot = SnapshotFrom<typeof captchaTokenMachine>;
