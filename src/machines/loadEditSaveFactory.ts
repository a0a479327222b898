import {
  assign,
  setup,
  type ActionFunction,
  type AnyActorLogic,
  type AnyActorRef,
  type UnknownActorLogic,
  type ErrorActorEvent,
  type EventObject,
  type MetaObject,
  type ParameterizedObject,
  type ProvidedActor,
  type StateMachine,
  type StateNodeConfig,
  type StateSchema,
  type StateValue,
  type TransitionConfig,
} from 'xstate';
import { accountTexts } from '../../contract/account';
import { textAlert, type MachineAlert } from './alerts';

/**
 * The load → edit → save machine shape (issue 32), shared by the settings screens: `loading`
 * (one call for the screen's data) → `loadFailed` (an alert and a retry) or `ready`; in `ready`,
 * when the screen edits, `editing` → `saving` (one call) → back to `ready` with the saved data and
 * a success alert, or to `editing` with a failure alert and what was typed. An alert is dismissed
 * in every state.
 *
 * `createLoadEditSaveMachine(options)` makes one real, named machine of that shape: the instance
 * gives its id, its actors, its own actions and guards, what its ready state holds besides the
 * edit and save (invoked widgets, parallel regions, more states) and every description in the
 * spec's words, so each instance has its own diagram and its own path table.
 */

/** The load failure of the screens that load the person's own details (spec §8). */
export const userDataLoadFailed = {
  title: accountTexts.loadUserDataTitle,
  text: accountTexts.loadUserDataFailed,
  description: "'Error loading user data': 'There was an error loading the user data'.",
  stateDescription:
    "'Error loading user data': 'There was an error loading the user data'; the person may try again.",
};

/** The context every instance has: the alert it shows (the rest is the instance's). */
export interface LoadEditSaveContext {
  alert: MachineAlert<string> | null;
}

/** The events every instance takes; `form.submit` is the instance's own (its values). */
export type LoadEditSaveEvent = { type: 'retry' } | { type: 'alert.dismiss' };

/** A state's or a transition's config in an instance, with its own context and events. */
export type InstanceState<
  TContext extends LoadEditSaveContext,
  TEvent extends EventObject,
> = StateNodeConfig<
  TContext,
  TEvent,
  ProvidedActor,
  ParameterizedObject,
  ParameterizedObject,
  string,
  string,
  unknown,
  EventObject,
  MetaObject
>;
type InstanceTransitionConfig<
  TContext extends LoadEditSaveContext,
  TEvent extends EventObject,
> = TransitionConfig<
  TContext,
  TEvent,
  TEvent,
  ProvidedActor,
  ParameterizedObject,
  ParameterizedObject,
  string,
  EventObject,
  MetaObject
>;
type InstanceAction<
  TContext extends LoadEditSaveContext,
  TEvent extends EventObject,
  TParams,
> = ActionFunction<
  TContext,
  TEvent,
  TEvent,
  TParams,
  ProvidedActor,
  ParameterizedObject,
  ParameterizedObject,
  string,
  EventObject
>;

type ActionParams = Record<string, ParameterizedObject['params'] | undefined>;

export interface LoadEditSaveOptions<
  TContext extends LoadEditSaveContext,
  TEvent extends EventObject,
  TInput,
  TData,
  TActors extends Record<string, UnknownActorLogic>,
  TActions extends ActionParams,
  TChildren extends Record<string, AnyActorRef | undefined>,
> {
  /** The instance's types, as `setup` takes them (`data`: what the load and the save answer). */
  types: {
    context: TContext;
    events: TEvent;
    input?: TInput;
    data: TData;
    children?: TChildren;
  };
  id: string;
  description: string;
  context: (input: TInput) => TContext;
  /** Every actor the instance invokes, the load and save calls included, by name. */
  actors: TActors;
  /** The instance's own actions (named in its states) beside the shape's. */
  actions?: { [K in keyof TActions]: InstanceAction<TContext, TEvent, TActions[K]> };
  guards?: Record<string, (args: { context: TContext; event: TEvent }, params: never) => boolean>;
  /** What the loaded (or saved) data puts in the context. */
  assignData: (data: TData, context: TContext) => Partial<TContext>;
  load: {
    /** The call's actor (and invoke id). */
    actor: string;
    input?: (context: TContext) => unknown;
    /** The loading state's description: the call. */
    description: string;
    /** The loaded transition's description. */
    loaded: string;
    /**
     * The failure: its alert's title and text (a 'loadFailed' danger alert), and the descriptions
     * of its transition and of `loadFailed`.
     */
    failed: { title: string | null; text: string; description: string; stateDescription: string };
  };
  /** The ready state: what it shows, and what it holds besides the edit and save. */
  ready: Omit<InstanceState<TContext, TEvent>, 'initial'>;
  /** The edit and save in `ready`: `ready.editing` → `ready.saving`. */
  edit?: {
    /** `ready.editing`'s description. */
    description: string;
    /**
     * Checks the submitted form first: while its guard holds, saving is blocked in `ready.blocked`
     * (its action shows the errors) until a submission passes.
     */
    check?: {
      guard: InstanceTransitionConfig<TContext, TEvent>['guard'];
      actions: InstanceTransitionConfig<TContext, TEvent>['actions'];
      description: string;
      blocked: { description: string; again: string; resolved: string };
    };
    /** The submit's guard (who may save) and description. */
    submit: { guard?: string; description: string; actions?: string[] };
    save: {
      /** The call's actor (and invoke id). */
      actor: string;
      /** The call's payload, from the context and the submitted form. */
      input: (context: TContext, event: TEvent) => unknown;
      /** `ready.saving`'s description. */
      description: string;
      /** Saved: back to `ready` (its widgets start again) with a 'saved' success alert. */
      saved: { title: string | null; text: string; description: string; actions?: string[] };
      /** Not saved: back to `ready.editing` with this alert. */
      failed: { alert: (error: unknown) => MachineAlert<string>; description: string };
    };
  };
  /** The instance's states beside loading, loadFailed and ready. */
  states?: Record<string, InstanceState<TContext, TEvent>>;
  /**
   * The initial state: `loading` unless the instance first decides, in a state of its own
   * (`states`), whether there is anything to load (data privacy: a visitor has nothing to load).
   */
  initial?: string;
}

/**
 * What the factory makes: a machine with the instance's context, events, input and children (the
 * widgets its ready state invokes, by id), whose state values are read by its selectors.
 */
export type LoadEditSaveMachine<
  TContext extends LoadEditSaveContext,
  TEvent extends EventObject,
  TInput,
  TChildren extends Record<string, AnyActorRef | undefined>,
  TActors extends Record<string, UnknownActorLogic> = Record<string, UnknownActorLogic>,
  TActions extends ActionParams = ActionParams,
> = StateMachine<
  TContext,
  TEvent | LoadEditSaveEvent,
  TChildren,
  {
    [K in keyof TActors & string]: { src: K; logic: TActors[K]; id: string | undefined };
  }[keyof TActors & string],
  { [K in keyof TActions & string]: { type: K; params: TActions[K] } }[keyof TActions & string],
  ParameterizedObject,
  string,
  StateValue,
  string,
  TInput,
  unknown,
  EventObject,
  MetaObject,
  StateSchema
>;

/** One load → edit → save machine: see the file's comment. */
export function createLoadEditSaveMachine<
  TContext extends LoadEditSaveContext,
  TEvent extends EventObject,
  TInput,
  TData,
  TActors extends Record<string, UnknownActorLogic>,
  TActions extends ActionParams = Record<never, undefined>,
  TChildren extends Record<string, AnyActorRef | undefined> = Record<string, AnyActorRef>,
>(
  options: LoadEditSaveOptions<
    TContext,
    TEvent | LoadEditSaveEvent,
    TInput,
    TData,
    TActors,
    TActions,
    TChildren
  >,
): LoadEditSaveMachine<TContext, TEvent, TInput, TChildren, TActors, TActions> {
  type Event = TEvent | LoadEditSaveEvent;
  const { load, edit } = options;
  const saveFrom = (target: string, description: string) => ({
    target,
    actions: ['clearAlert', ...(edit?.submit.actions ?? [])],
    description,
  });
  const checked = (resolved: string, blocked?: string) => {
    if (!edit?.check) return [];
    const { guard, actions, description } = edit.check;
    return [
      blocked
        ? { guard, target: blocked, actions, description }
        : { guard, actions, description: resolved },
    ];
  };
  const editStates = edit && {
    initial: 'editing',
    states: {
      editing: {
        description: edit.description,
        on: {
          'form.submit': [
            ...checked(edit.check?.description ?? '', 'blocked'),
            {
              ...(edit.submit.guard && { guard: edit.submit.guard }),
              ...saveFrom('saving', edit.submit.description),
            },
          ],
        },
      },
      ...(edit.check && {
        blocked: {
          description: edit.check.blocked.description,
          on: {
            'form.submit': [
              ...checked(edit.check.blocked.again),
              saveFrom('saving', edit.check.blocked.resolved),
            ],
          },
        },
      }),
      saving: {
        description: edit.save.description,
        invoke: {
          id: edit.save.actor,
          src: edit.save.actor,
          input: ({ context, event }: { context: TContext; event: Event }) =>
            edit.save.input(context, event),
          onDone: {
            target: `#${options.id}.ready`,
            reenter: true,
            actions: [
              { type: 'assignData', params: ({ event }: { event: { output: unknown } }) => event },
              {
                type: 'assignAlert',
                params: textAlert('saved', 'success', edit.save.saved.title, edit.save.saved.text),
              },
              ...(edit.save.saved.actions ?? []),
            ],
            description: edit.save.saved.description,
          },
          onError: {
            target: 'editing',
            actions: {
              type: 'assignSaveFailure',
              params: ({ event }: { event: ErrorActorEvent }) => event.error,
            },
            description: edit.save.failed.description,
          },
        },
      },
    },
  };

  const states = {
    loading: {
      description: load.description,
      invoke: {
        id: load.actor,
        src: load.actor,
        ...(load.input && {
          input: ({ context }: { context: TContext }) => load.input?.(context),
        }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'assignData',
            params: ({ event }: { event: { output: unknown } }) => event,
          },
          description: load.loaded,
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'assignAlert',
            params: textAlert('loadFailed', 'danger', load.failed.title, load.failed.text),
          },
          description: load.failed.description,
        },
      },
    },
    loadFailed: {
      description: load.failed.stateDescription,
      on: {
        retry: { target: 'loading', actions: 'clearAlert', description: 'Try loading again.' },
      },
    },
    ready: { ...options.ready, ...editStates },
    ...options.states,
  };

  /** The shape's own actions (a machine that does not save has no save to fail). */
  const shapeActions = {
    assignData: assign(
      ({ context }, { output }: { output: unknown }) =>
        options.assignData(output as TData, context as TContext) as TContext,
    ),
    assignAlert: assign((_, alert: MachineAlert<string>) => ({ alert })),
    ...(edit && {
      assignSaveFailure: assign((_, error: unknown) => ({
        alert: edit.save.failed.alert(error),
      })),
    }),
    clearAlert: assign({ alert: null }),
  };

  return setup({
    types: {
      context: {} as TContext,
      events: {} as Event,
      input: {} as TInput,
    },
    actors: options.actors as Record<string, AnyActorLogic>,
    guards: options.guards as Record<string, () => boolean>,
    actions: {
      ...(options.actions as Record<string, () => void>),
      // Made outside setup (one is optional), so typed here by the params each one declares.
      ...(shapeActions as unknown as Record<string, () => void>),
    },
  }).createMachine({
    id: options.id,
    description: options.description,
    context: ({ input }) => options.context(input),
    on: {
      'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
    },
    initial: options.initial ?? 'loading',
    states: states as unknown as Record<string, never>,
  }) as unknown as LoadEditSaveMachine<TContext, TEvent, TInput, TChildren, TActors, TActions>;
}
