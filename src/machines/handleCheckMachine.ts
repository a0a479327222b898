import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isValidHandle } from '../../contract/identity';
import { guardedCall } from './guardedCallFactory';
import { notProvided } from './notProvided';

/** Spec §5 Handle / §9: the availability check is debounced 400 ms. */
export const HANDLE_DEBOUNCE_MS = 400;

export const handleCheckTexts = {
  /** Spec §5 Handle: the rule, checked before any call. */
  invalid: 'Letters, numbers and underscores only, 4-20 characters.',
  checking: 'Checking...',
  available: 'Available',
  notAvailable: 'Not Available',
  /** Spec §8 Email verification. */
  error: 'Error checking handle availability',
} as const;

export interface HandleCheckInput {
  /** The handle already in the field (e.g. the saved one on the personal-details screen). */
  handle?: string;
  /** The person's own handle: it counts as available (it is theirs). */
  ownHandle?: string;
}

export interface HandleCheckContext {
  /** The handle as typed. */
  handle: string;
  ownHandle: string | null;
}

export type HandleCheckEvent = { type: 'handle.change'; value: string };

/** What the field shows beside the handle. */
export type HandleStatus =
  'empty' | 'invalid' | 'checking' | 'available' | 'notAvailable' | 'error';

export const handleCheckMachine = setup({
  types: {
    context: {} as HandleCheckContext,
    events: {} as HandleCheckEvent,
    input: {} as HandleCheckInput,
  },
  actors: {
    /** GET /users/handleExists?value=: true when the handle is taken (case-insensitive). */
    handleExists: fromPromise<boolean, { value: string }>(async () => notProvided('handleExists')),
  },
  delays: {
    handleDebounce: HANDLE_DEBOUNCE_MS,
  },
  guards: {
    isNewValue: ({ context }, value: string) => value !== context.handle,
    isEmpty: ({ context }) => context.handle === '',
    breaksHandleRule: ({ context }) => !isValidHandle(context.handle),
    isOwnHandle: ({ context }) =>
      context.ownHandle !== null &&
      context.handle.toLowerCase() === context.ownHandle.toLowerCase(),
    isTaken: (_, taken: boolean) => taken,
  },
  actions: {
    assignHandle: assign((_, handle: string) => ({ handle })),
  },
}).createMachine({
  id: 'handleCheck',
  description:
    'Spec §4 Handle check: empty, checking, then Available, Not Available, or Error. The handle rule (4 to 20 letters, digits and underscores) is checked before any call; the check is debounced 400 ms.',
  context: ({ input }) => ({ handle: input.handle ?? '', ownHandle: input.ownHandle ?? null }),
  on: {
    'handle.change': {
      guard: { type: 'isNewValue', params: ({ event }) => event.value },
      target: '.evaluating',
      actions: { type: 'assignHandle', params: ({ event }) => event.value },
      description:
        'The person typed: the handle is judged again (a check in progress is dropped, so a stale answer never wins).',
    },
  },
  initial: 'evaluating',
  states: {
    evaluating: {
      description: 'Judges the typed handle before any call.',
      always: [
        { guard: 'isEmpty', target: 'empty', description: 'Nothing typed.' },
        {
          guard: 'breaksHandleRule',
          target: 'invalid',
          description:
            "Not 4 to 20 letters, digits and underscores (no double, leading or trailing underscore): 'Letters, numbers and underscores only, 4-20 characters.'",
        },
        {
          guard: 'isOwnHandle',
          target: 'available',
          description: "The person's own handle is available to them.",
        },
        { target: 'debouncing', description: 'A well-formed handle: check it once typing pauses.' },
      ],
    },
    empty: {
      description: 'No handle typed yet.',
    },
    invalid: {
      description:
        "The handle breaks the rule: 'Letters, numbers and underscores only, 4-20 characters.' No call is made.",
    },
    debouncing: {
      description: 'Waiting for typing to pause (400 ms).',
      tags: ['busy'],
      after: {
        handleDebounce: {
          target: 'checking',
          description: 'Typing paused for 400 ms.',
        },
      },
    },
    checking: {
      description: 'GET /users/handleExists?value= (true when taken).',
      tags: ['busy'],
      invoke: guardedCall({
        src: 'handleExists',
        input: ({ context }: { context: HandleCheckContext }) => ({ value: context.handle }),
        guard: 'isTaken',
        yes: { target: 'notAvailable', description: "The handle is taken: 'Not Available'." },
        no: { target: 'available', description: "The handle is free: 'Available'." },
        failed: { target: 'error', description: "'Error checking handle availability'." },
      }),
    },
    available: {
      description: "'Available'.",
    },
    notAvailable: {
      description: "'Not Available': another account has this handle.",
    },
    error: {
      description: "'Error checking handle availability'; typing again checks again.",
    },
  },
});

export type HandleCheckSnapshot = SnapshotFrom<typeof handleCheckMachine>;

export function selectHandleStatus(s: HandleCheckSnapshot): HandleStatus {
  if (s.matches('invalid')) return 'invalid';
  if (s.hasTag('busy')) return 'checking';
  if (s.matches('available')) return 'available';
  if (s.matches('notAvailable')) return 'notAvailable';
  if (s.matches('error')) return 'error';
  return 'empty';
}

/** The text beside the field, or null when there is none. */
export function selectHandleMessage(s: HandleCheckSnapshot): string | null {
  const status = selectHandleStatus(s);
  return status === 'empty' ? null : handleCheckTexts[status];
}

/** The handle the check found available (the parent form submits only this one), else null. */
export const selectAvailableHandle = (s: HandleCheckSnapshot): string | null =>
  s.matches('available') ? s.context.handle : null;
