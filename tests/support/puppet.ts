/**
 * Puppets for generated path tests: a stand-in for a child machine that takes on whatever
 * snapshot a path step names, so that the parent learns of it through the real child-to-parent
 * snapshot mechanism (`onSnapshot`).
 */
import {
  assign,
  initialTransition,
  setup,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';

export interface PuppetOptions {
  /**
   * Start where the real machine starts for the puppet's input (its top-level state and
   * context), instead of in an empty 'idle' state.
   */
  startsAsReal?: boolean;
}

/** A machine that takes on the state value and context of the snapshot it is told to become. */
export function puppetOf(machine: AnyStateMachine, options: PuppetOptions = {}): AnyStateMachine {
  const names = Object.keys(machine.root.states);
  const become = (snapshotOf: (args: never) => AnyMachineSnapshot | null) =>
    names.map((n) => ({
      guard: (args: never) => snapshotOf(args)?.matches(n) === true,
      target: `#${machine.id}.${n}`,
      actions: assign((args: never) => ({
        ...(snapshotOf(args)?.context as Record<string, unknown>),
      })),
    }));
  return setup({
    types: {
      context: {} as Record<string, unknown>,
      events: {} as { type: 'puppet.become'; snapshot: AnyMachineSnapshot },
    },
  }).createMachine({
    id: machine.id,
    context: ({ input }) =>
      options.startsAsReal
        ? { puppetStart: initialTransition(machine, input as never)[0] as AnyMachineSnapshot }
        : {},
    initial: 'idle',
    states: {
      idle: {
        always: become(
          ({ context }: { context: Record<string, unknown> }) =>
            (context.puppetStart as AnyMachineSnapshot | undefined) ?? null,
        ) as never,
      },
      ...Object.fromEntries(names.map((n) => [n, {}])),
    },
    on: {
      'puppet.become': become(
        ({ event }: { event: { snapshot: AnyMachineSnapshot } }) => event.snapshot,
      ) as never,
    },
  });
}
