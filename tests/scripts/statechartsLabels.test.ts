import { describe, expect, it } from 'vitest';
import { and, not, stateIn, type AnyStateNode } from 'xstate';
import { allMachines } from '../../src/app/machineList';
import {
  eventWords,
  guardWords,
  internalNames,
  shortDescription,
  specSection,
  transitionWords,
} from '../../scripts/statechartsLabels';
import { page } from '../../scripts/statechartsPage';

describe('the words of the exported diagrams (architecture.md §8)', () => {
  it('turn built-in events into what happened', () => {
    expect(eventWords('xstate.done.actor.restoreSession')).toBe('restore session done');
    expect(eventWords('xstate.error.actor.switchTenant')).toBe('switch tenant failed');
    expect(eventWords('xstate.after.retryDelay.config.waiting', { retryDelay: 1000 })).toBe(
      'after retry delay (1 s)',
    );
    expect(eventWords('xstate.after.statusPoll.subscription.waiting', { statusPoll: 60000 })).toBe(
      'after status poll (1 min)',
    );
    expect(eventWords('xstate.after.refreshDue.session.signedIn', { refreshDue: () => 5 })).toBe(
      'after refresh due',
    );
    expect(eventWords('xstate.after.400.x.y')).toBe('after 400 ms');
    expect(eventWords('xstate.done.state.createPost.new')).toBe('new finished');
    expect(eventWords('xstate.snapshot.signupHandleCheck')).toBe('signup handle check changed');
    expect(eventWords('')).toBe('immediately');
    expect(eventWords('session.stopImpersonating')).toBe('session stop impersonating');
  });

  it('say guards in words', () => {
    expect(guardWords('isOtherOrganisation')).toBe('is other organisation');
    expect(guardWords({ type: 'hasRedirect' })).toBe('has redirect');
    expect(guardWords(not('hasImage'))).toBe('not has image');
    expect(guardWords(and(['isA', 'hasB']))).toBe('is a and has b');
    expect(guardWords(stateIn('ready'))).toBe('in "ready"');
    expect(guardWords(undefined)).toBe('');
  });

  it('take the head of a short description, and the event where it is long', () => {
    expect(shortDescription('The alert is dismissed.')).toBe('The alert is dismissed');
    expect(shortDescription('Spec §4 Session: the person chooses another organisation.')).toBe(
      'the person chooses another organisation',
    );
    expect(shortDescription('Cancelled (Escape, outside click, close or Cancel): nothing.')).toBe(
      'Cancelled',
    );
    expect(shortDescription("The server's messages; the form is kept.")).toBeUndefined();
    expect(shortDescription("'Error': 'There was an error saving the photo.'")).toBeUndefined();
    const long = 'A host viewing the product as another user (auth/impersonate) stops for good now';
    expect(
      transitionWords({ eventType: 'session.stopImpersonating', description: long }).arrow,
    ).toBe('session stop impersonating');
    expect(
      transitionWords({
        eventType: 'xstate.done.actor.restoreSession',
        guard: 'hasStoredSession',
        description: 'A valid stored session was found.',
      }).arrow,
    ).toBe('A valid stored session was found [has stored session]');
    expect(
      transitionWords(
        { eventType: 'xstate.after.swipeWindow.x.y', description: 'Too slow.' },
        { swipeWindow: 300 },
      ).arrow,
    ).toBe('after swipe window (300 ms)');
  });

  it('read the spec section from a description', () => {
    expect(specSection('Spec §4 Session: loading, then signed in.')).toBe('§4 Session');
    expect(specSection('As Spec §2.1 guard rules: say.')).toBe('§2.1 guard rules');
    expect(specSection('Spec §8.')).toBe('§8');
    expect(specSection('No section.')).toBeUndefined();
  });

  it('never show an xstate. name on an arrow of any machine', async () => {
    const nodes = (n: AnyStateNode): AnyStateNode[] => [
      n,
      ...Object.values(n.states).flatMap((c) => nodes(c as AnyStateNode)),
    ];
    const labels = (await allMachines()).flatMap((m) =>
      nodes(m.root).flatMap((n) =>
        [...[...n.transitions.values()].flat(), ...(n.always ?? [])].map(
          (t) =>
            transitionWords(t, (m.implementations.delays ?? {}) as Record<string, unknown>).arrow,
        ),
      ),
    );
    expect(labels.length).toBeGreaterThan(400);
    expect(internalNames(labels)).toEqual([]);
    expect(internalNames(['xstate.done.actor.x', 'done'])).toEqual(['xstate.done.actor.x']);
  });
});

describe('the index page', () => {
  const machine = {
    id: 'login',
    description: 'Spec §4 Login.',
    spec: '§4 Login',
    states: [{ id: '(login)', type: 'compound', tags: [], invokes: [], description: 'Login' }],
    transitions: [],
    routes: ['/login'],
    shared: false,
  };

  it('is the same bytes for the same inputs, and says "not measured" without figures', () => {
    const html = page({ machines: [machine], coverage: undefined, ledger: undefined });
    expect(page({ machines: [machine], coverage: undefined, ledger: undefined })).toBe(html);
    expect(html.match(/not measured/g)).toHaveLength(2);
    expect(html).not.toMatch(/<script|https?:\/\//);
    expect(html).toContain('<img src="./login.svg" alt="');
  });

  it('shows the path coverage and every mutation score of the machine', () => {
    const html = page({
      machines: [machine],
      coverage: {
        login: { states: { reached: 5, all: 5 }, transitions: { reached: 4, all: 5 }, paths: 7 },
      },
      ledger: {
        machines: {
          'src/features/login/loginMachine.ts': {
            machineIds: ['login'],
            score: 93.1,
            measured: '2026-11-29',
          },
          'src/machines/other.ts': { machineIds: ['other'], score: 50 },
        },
      },
    });
    expect(html).toContain('states 5/5 (100 %) · transitions 4/5 (80 %) · 7 paths');
    expect(html).toContain('93.10 %');
    expect(html).toContain('src/features/login/loginMachine.ts, measured 2026-11-29');
    expect(html).not.toContain('50.00 %');
  });
});
