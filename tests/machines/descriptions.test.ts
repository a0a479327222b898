import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { allMachines } from '../../src/app/machineList';

const machineRegistry = await allMachines();

/**
 * architecture.md §3: every state and transition carries a description in the spec's words — the
 * exported diagrams are what a product owner reads.
 */
function nodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((c) => nodes(c as AnyStateNode))];
}

describe.each(machineRegistry.map((m) => [m.id, m] as const))('%s', (_id, machine) => {
  it('is named by its exported diagram (docs/statecharts/<id>.json) and in the inspector', () => {
    expect(existsSync(`docs/statecharts/${machine.id}.json`)).toBe(true);
  });

  it('describes every state', () => {
    const missing = nodes(machine.root)
      .filter((n) => !n.description)
      .map((n) => n.id);
    expect(missing).toEqual([]);
  });

  it('describes every transition', () => {
    const missing = nodes(machine.root).flatMap((n) =>
      [...[...n.transitions.values()].flat(), ...(n.always ?? [])]
        .filter((t) => !t.description)
        .map((t) => `${n.id} on ${t.eventType || '(always)'}`),
    );
    expect(missing).toEqual([]);
  });
});
