import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  dashboardTexts,
  type DashboardInformation,
  type DashboardInformationRequest,
} from '../../contract/dashboard';
import { formatMoney } from '../../contract/money';
import { notProvided } from './notProvided';

/** Spec §8 Data loads: 'Failed to fetch dashboard information'. */
export const dashboardInformationTexts = {
  fetchFailed: dashboardTexts.fetchFailed,
} as const;

export interface DashboardInformationInput {
  /** A visitor has no dashboard: nothing is loaded for them. */
  signedIn: boolean;
}

export interface DashboardInformationContext {
  signedIn: boolean;
  information: DashboardInformation | null;
}

export type DashboardInformationEvent = { type: 'retry' };

/**
 * The signed-in person's dashboard information (spec §7.2 Users getDashboardInformation): the
 * Profile's counts Drops, Raised and Followers (spec §2.3) and the home greeting's first name.
 * Shared by the profile and the home flows.
 */
export const dashboardInformationMachine = setup({
  types: {
    context: {} as DashboardInformationContext,
    events: {} as DashboardInformationEvent,
    input: {} as DashboardInformationInput,
  },
  actors: {
    /** GET users/getDashboardInformation (refresh flag). */
    getDashboardInformation: fromPromise<DashboardInformation, DashboardInformationRequest>(
      async () => notProvided('getDashboardInformation'),
    ),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
  },
  actions: {
    assignInformation: assign((_, information: DashboardInformation) => ({ information })),
  },
}).createMachine({
  id: 'dashboardInformation',
  description:
    "Spec §7.2 Users getDashboardInformation: the person's counts Drops, Raised and Followers (spec §2.3 Profile) and their first name for the home's greeting; 'Failed to fetch dashboard information' (spec §8 Data loads) with a retry.",
  context: ({ input }) => ({ signedIn: input.signedIn, information: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Whether someone is signed in.',
      always: [
        {
          guard: 'signedIn',
          target: 'loading',
          description: 'Someone is signed in: their dashboard information is fetched.',
        },
        { target: 'visitor', description: 'A visitor has no dashboard.' },
      ],
    },
    loading: {
      description:
        'GET users/getDashboardInformation; on a retry with the refresh flag (counted afresh).',
      invoke: {
        id: 'getDashboardInformation',
        src: 'getDashboardInformation',
        input: ({ event }) => ({ refresh: event.type === 'retry' }),
        onDone: {
          target: 'loaded',
          actions: { type: 'assignInformation', params: ({ event }) => event.output },
          description: 'The counts and the first name are shown.',
        },
        onError: {
          target: 'failed',
          description: "'Failed to fetch dashboard information'.",
        },
      },
    },
    loaded: {
      description: 'The counts and the first name are shown.',
    },
    failed: {
      description: "'Failed to fetch dashboard information'; the person may try again.",
      on: {
        retry: {
          target: 'loading',
          description: 'Try again, asking for fresh counts.',
        },
      },
    },
    visitor: {
      description: 'A visitor: there is no dashboard to load.',
    },
  },
});

export type DashboardInformationSnapshot = SnapshotFrom<typeof dashboardInformationMachine>;

/** The error shown under the counts, or null. */
export const selectDashboardFailure = (s: DashboardInformationSnapshot): string | null =>
  s.matches('failed') ? dashboardInformationTexts.fetchFailed : null;

/** Spec §2.3 Profile: the counts Drops, Raised and Followers; '–' until they are known. */
export type DashboardCounts = readonly { label: string; value: string }[];

const UNKNOWN_COUNT = '–';
const countFormat = new Intl.NumberFormat('en-GB');
const countsOf = new WeakMap<DashboardInformation, DashboardCounts>();
const UNKNOWN_COUNTS: DashboardCounts = [
  { label: 'Drops', value: UNKNOWN_COUNT },
  { label: 'Raised', value: UNKNOWN_COUNT },
  { label: 'Followers', value: UNKNOWN_COUNT },
];

export function selectDashboardCounts(s: DashboardInformationSnapshot): DashboardCounts {
  const information = s.context.information;
  if (information === null) return UNKNOWN_COUNTS;
  let counts = countsOf.get(information);
  if (counts === undefined) {
    counts = [
      { label: 'Drops', value: countFormat.format(information.drops) },
      { label: 'Raised', value: formatMoney(information.raised, information.currency) },
      { label: 'Followers', value: countFormat.format(information.followers) },
    ];
    countsOf.set(information, counts);
  }
  return counts;
}

/**
 * The first name the home's greeting shows: the dashboard information's once it has loaded,
 * the session token's until then (and for a failed load).
 */
export const selectGreetingFirstName = (
  s: DashboardInformationSnapshot,
  sessionFirstName: string,
): string => s.context.information?.firstName ?? sessionFirstName;
