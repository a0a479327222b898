import type { ErrorActorEvent } from 'xstate';

/**
 * A call's `onError` that goes to `target` and hands the failure (`event.error`) to the named
 * action as its params: the "the call failed" transition of most machines.
 */
export function failedCall<const Target extends string, const Action extends string>(
  target: Target,
  action: Action,
  description: string,
) {
  return {
    target,
    actions: { type: action, params: ({ event }: { event: ErrorActorEvent }) => event.error },
    description,
  };
}
