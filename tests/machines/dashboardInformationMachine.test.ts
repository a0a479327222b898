/**
 * Generated paths of the dashboard information machine, checked against a model written from
 * spec §7.2 (Users getDashboardInformation, refresh flag), §2.3 Profile (counts Drops, Raised,
 * Followers) and §8 Data loads ('Failed to fetch dashboard information'): a signed-in person's
 * information loads (a retry after a failure asks with the refresh flag); a visitor has none.
 */
import { describe, expect, it } from 'vitest';
import type { DashboardInformation } from '../../contract/dashboard';
import {
  dashboardInformationMachine,
  dashboardInformationTexts,
  selectDashboardCounts,
  selectDashboardFailure,
  selectGreetingFirstName,
  type DashboardInformationInput,
  type DashboardInformationSnapshot,
} from '../../src/machines/dashboardInformationMachine';
import type { FakePromises, SpecState } from '../support/pathHarness';
import { withFakePromises, settled } from '../support/pathHarness';
import { loadStep } from '../support/loadModel';
import { describePathsForInputs } from '../support/pathsWithInputs';

const olivia: DashboardInformation = {
  firstName: 'Olivia',
  organisationName: 'Harbour Hope',
  drops: 1234,
  raised: 123_456,
  currency: 'gbp',
  followers: 0,
};
const oliviaCounts = [
  { label: 'Drops', value: '1,234' },
  { label: 'Raised', value: '£1,234.56' },
  { label: 'Followers', value: '0' },
];
const unknownCounts = [
  { label: 'Drops', value: '–' },
  { label: 'Raised', value: '–' },
  { label: 'Followers', value: '–' },
];

interface Model {
  phase: 'loading' | 'loaded' | 'failed' | 'visitor';
  information: DashboardInformation | null;
  calls: { name: string; input: unknown }[];
}
const start = (input: DashboardInformationInput): Model =>
  input.signedIn
    ? {
        phase: 'loading',
        information: null,
        calls: [{ name: 'getDashboardInformation', input: { refresh: false } }],
      }
    : { phase: 'visitor', information: null, calls: [] };
let model: Model;

function next(m: Model, event: { type: string; output?: unknown }): Model {
  return (
    loadStep(m, event, {
      actor: 'getDashboardInformation',
      loaded: (m, output) => ({
        ...m,
        phase: 'loaded',
        information: output as DashboardInformation,
      }),
      call: { name: 'getDashboardInformation', input: { refresh: true } },
      failed: 'failed',
    }) ?? m
  );
}

/**
 * The spec's table: loading (the information is fetched), loaded (the counts and the first name
 * are shown), failed ('Failed to fetch dashboard information', a retry offered), visitor (no
 * dashboard to load). The model's phase names them.
 */
const state = (): SpecState => ({ value: model.phase, shown: model });

function expectShown(s: DashboardInformationSnapshot, calls: FakePromises['calls']) {
  expect(selectDashboardCounts(s)).toEqual(model.information ? oliviaCounts : unknownCounts);
  expect(selectDashboardFailure(s)).toBe(
    model.phase === 'failed' ? 'Failed to fetch dashboard information' : null,
  );
  // The home's greeting: the loaded first name, the session's until then.
  expect(selectGreetingFirstName(s, 'Livvy')).toBe(model.information ? 'Olivia' : 'Livvy');
  expect(calls).toEqual(model.calls);
}

await describePathsForInputs<{ promises: FakePromises }, DashboardInformationInput>({
  machine: dashboardInformationMachine,
  unhandled: true,
  inputs: [
    { name: 'signed in', input: { signedIn: true } },
    { name: 'a visitor', input: { signedIn: false } },
  ],
  build: withFakePromises(dashboardInformationMachine, 'getDashboardInformation'),
  events: [
    { type: 'retry' },
    ...settled('getDashboardInformation', [olivia], [new Error('network down')]),
  ],
  afterStep: ({ event, snapshot }, { promises }) => {
    model = next(model, event);
    expectShown(snapshot as DashboardInformationSnapshot, promises.calls);
  },
  spec: {
    initial: (_spies, input) => {
      model = start(input);
      return state();
    },
    after: state,
  },
  afterPath: (plan, { promises }, _p, input) => {
    if (plan.steps.length === 0) expect(promises.calls).toEqual(start(input).calls);
  },
});

describe('the dashboard information', () => {
  it('has the spec text', () => {
    expect(dashboardInformationTexts.fetchFailed).toBe('Failed to fetch dashboard information');
  });
});
