/**
 * The model steps that every screen loading its record first shares (spec §8: the load's failure
 * shows its 'loadFailed' alert with a Retry that loads again; src/machines/loadEditSaveFactory.ts
 * and the screens built alike). A path test's own model steps every other event: `loadStep`
 * answers undefined for them.
 */
import type { SpecState } from './pathHarness';

/**
 * What the shared load steps read and write of a screen's model. A model without `alert` is a
 * screen whose failed load shows its own failure text, not the 'loadFailed' alert.
 */
export interface LoadingModel {
  phase: string;
  alert?: unknown;
  calls: readonly unknown[];
}

export interface LoadSteps<M extends LoadingModel> {
  /** The loading actor's name, as its done and error events carry it. */
  actor: string;
  /** The model once the load answered `output` (its phase included). */
  loaded: (m: M, output: unknown) => M;
  /** The call the load makes (again on Retry), as the model records calls. */
  call: M['calls'][number];
  /** The phase a failed load leaves the model in (default 'loadFailed'). */
  failed?: M['phase'];
}

/** The model after a load step (answer, failure, Retry), or undefined for any other event. */
export function loadStep<M extends LoadingModel>(
  m: M,
  event: { type: string; output?: unknown },
  steps: LoadSteps<NoInfer<M>>,
): M | undefined {
  const failed = steps.failed ?? 'loadFailed';
  const alert = (shown: unknown) => ('alert' in m ? { alert: shown } : {});
  switch (event.type) {
    case `xstate.done.actor.${steps.actor}`:
      return m.phase === 'loading' ? steps.loaded(m, event.output) : m;
    case `xstate.error.actor.${steps.actor}`:
      return m.phase === 'loading' ? { ...m, phase: failed, ...alert('loadFailed') } : m;
    case 'retry':
      return m.phase === failed
        ? { ...m, phase: 'loading', ...alert(null), calls: [...m.calls, steps.call] }
        : m;
    default:
      return undefined;
  }
}

/**
 * The spec table's state of a screen made by src/machines/loadEditSaveFactory.ts, from its model:
 * loading (the record is asked), the failed load (its alert, with a Retry), else the record shown
 * (ready; a screen with a form: ready.editing, ready.blocked, ready.saving as the model's phase).
 * Nothing here ends a flow; `tags` are the ones the screen's spec names.
 */
export function loadEditSaveState(
  m: LoadingModel,
  options: { failed?: string; tags?: SpecState['tags'] } = {},
): SpecState {
  const top = ['loading', options.failed ?? 'loadFailed', 'ready'].includes(m.phase);
  return {
    value: top ? m.phase : { ready: m.phase },
    ...(options.tags && { tags: options.tags }),
    done: false,
    shown: m,
  };
}
