import { assign, fromPromise, setup, type ErrorActorEvent, type UnknownActorLogic } from 'xstate';
import type { ListRequest } from '../../contract/lists';
import { failureAlert, textAlert, type MachineAlert } from './alerts';
import { notProvided } from './notProvided';

/**
 * The record-list machine shape (issue 32), shared by the host's admin lists and the reference
 * lists: a list, either asked a page at a time (spec §3 List request) for a debounced search with
 * next and previous pages within the total, or loaded whole; then row actions, each started by its
 * own event when its guard allows, optionally through a form (editing -> saving, the draft kept
 * after a refusal) and optionally asked in a confirm dialog first (always, or only when a guard
 * says so), then a call whose answer replaces the row, adds or replaces it, replaces the whole
 * list, or ends the machine with its output.
 *
 * `createRecordListMachine(options)` makes one real, named machine of that shape: the instance
 * gives its id, its actors', guards' and states' names, and every description in the spec's words,
 * so each instance has its own diagram and its own path table. The selectors below are the shape's
 * rules for the UI, the same for every instance. Two actions may share a form and a call state (a
 * create and an edit, say): the state is made once, from the first action that names it.
 */

/** One page of the list as the server answers it (spec §3 List response). */
export interface RecordPage<TRow> {
  list: TRow[];
  totalCount?: number | null;
}

export interface RecordListContext<TRow, TRequest, TResult, TDraft = never> {
  searchString: string;
  page: number;
  /** The shown page of rows (or the whole list); null until it first arrives. */
  list: TRow[] | null;
  totalCount: number;
  alert: MachineAlert<string> | null;
  /** The row action asked for (in its form, waiting for its confirmation, or its call out), else null. */
  request: TRequest | null;
  /** What the form last submitted: shown again after a refusal (nothing typed is lost), else null. */
  draft: TDraft | null;
  /** What the row action's call answered, when it ends the machine (its output), else null. */
  result: TResult | null;
}

/** The events every record list takes; its row actions add their own. */
export type RecordListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'retry' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'alert.dismiss' };

/** A success alert after a call: its kind and the text (fixed, or from the answer and the context). */
export interface OutcomeAlert<TContext> {
  kind: string;
  text: string | ((output: never, context: TContext) => string);
}

/** Where a row action's successful call leads. */
export type RowActionOutcome<TContext = never> =
  /** Back to the list: the answered row replaces its old self (or joins the list, `orAdd`). */
  | { kind: 'row'; description: string; orAdd?: boolean; alert?: OutcomeAlert<TContext> }
  /** Back to the list: the answer is the whole list. */
  | { kind: 'list'; description: string; alert?: OutcomeAlert<TContext> }
  /** The machine ends with the answer as its output (in a final state of this name). */
  | { kind: 'final'; description: string; state: string; stateDescription: string };

/** A guard: its name (in the diagram) and its test of the request against the context. */
export interface RecordGuard<TContext, TRequest> {
  name: string;
  test(context: TContext, request: TRequest): boolean;
}

/**
 * One row action. Its callbacks are methods so that an instance may type them for its own event
 * and request (the factory holds every action's request in one `request` slot).
 */
export interface RowAction<TContext, TRequest = unknown, TDraft = unknown> {
  /** The event that starts it, e.g. 'switch.request'. */
  event: string;
  /** What the event asks for: kept in the context until the call answers. */
  request(event: never): TRequest;
  /** Whether the request may be acted on (none: always). */
  guard?: RecordGuard<TContext, TRequest>;
  description: string;
  /** Asked in a confirm dialog first (a state of this name), or called at once. */
  confirm?: {
    state: string;
    description: string;
    confirmDescription: string;
    cancelDescription: string;
    /** Asked only when this guard holds (tried before `guard`); otherwise called at once. */
    when?: { guard: RecordGuard<TContext, TRequest>; description: string };
  };
  /** A form first: its state, its submit event (which gives the draft) and its cancel. */
  form?: {
    state: string;
    description: string;
    submit: { event: string; draft(event: never): TDraft; description: string };
    cancelDescription: string;
  };
  call: {
    /** The calling state's name, and the actor's name (and invoke id). */
    state: string;
    actor: string;
    description: string;
    input(request: TRequest, context: TContext): unknown;
    outcome: RowActionOutcome<TContext>;
    /** The failure's alert: its kind, the spec's text, the transition's description. */
    failed: { kind: string; text: string; description: string };
  };
}

/** The list's load: paged with a search, or whole. */
export interface RecordListLoad<TContext> {
  /** The actor's name (and invoke id) of the list call. */
  actor: string;
  /** Asked a page at a time for a search (spec §3 List request); none: the whole list at once. */
  paging?: { pageSize: number; sortBy: string };
  /** The spec's load failure (e.g. 'Error loading users'), or one per instance's context. */
  loadFailed: string | ((context: TContext) => string);
  /** The load failure's alert shows the server's messages under the text (default), or the text alone. */
  serverMessages?: boolean;
  /** The failed state's name ('failed' unless given). */
  failedState?: string;
  /** The loading state's description: the call, for whom. */
  description: string;
  /** The list state's description: what a row offers. */
  readyDescription: string;
  /** Descriptions of the load's answer, its failure, the failed state and the retry. */
  texts?: { loaded: string; failed: string; failedState: string; retry: string };
}

export interface RecordListOptions<
  TRow,
  TResult,
  TInput,
  TExtra,
  TRequest,
  TDraft,
  TActors,
  TEvent,
> {
  /** Types only, as in xstate's setup: the row, the final answer, the input, the calls. */
  types: {
    row: TRow;
    result: TResult;
    input: TInput;
    request: TRequest;
    draft?: TDraft;
    actors: TActors;
    /** The row actions' events (beside the list's). */
    events: TEvent;
  };
  id: string;
  description: string;
  /** The instance's own context beside the list's (e.g. who the signed-in user is). */
  extra: (input: TInput) => TExtra;
  list: RecordListLoad<RecordListContext<TRow, TRequest, TResult, TDraft> & TExtra>;
  actions: readonly RowAction<RecordListContext<TRow, TRequest, TResult, TDraft> & TExtra>[];
  /** 'alert.dismiss' in every state (with this description), else only in the list's state. */
  dismissAnywhere?: string;
  /**
   * A list loaded whole can be filtered as it is typed ('search.change' in every state, with
   * this description): the instance's selectors show the matching rows.
   */
  filterDescription?: string;
}

const fallbackRequest = <TRequest>(request: TRequest | null): TRequest => {
  if (request === null) throw new Error('A row action runs only once it was asked for');
  return request;
};

/** The list request of the current page and search (spec §3 List request). */
export const recordListRequest = (
  context: { page: number; searchString: string },
  list: { pageSize: number; sortBy: string },
): ListRequest => ({
  page: context.page,
  pageSize: list.pageSize,
  sortBy: list.sortBy,
  sortByDescending: true,
  searchString: context.searchString.trim(),
  getTotalCount: true,
});

const pageCountOf = (context: { totalCount: number }, pageSize: number) =>
  Math.max(1, Math.ceil(context.totalCount / pageSize));

type Patch = Record<string, unknown>;

/** The context's change once a call answers (the row or list, the alert), by its outcome. */
function answerPatch<TContext extends { list: { id: number }[] | null }>(
  outcome: RowActionOutcome<TContext>,
  output: unknown,
  context: TContext,
): Patch {
  if (outcome.kind === 'final') return { result: output };
  const rows = context.list ?? [];
  let list: unknown[];
  if (outcome.kind === 'list') list = output as unknown[];
  else {
    const updated = output as { id: number };
    const known = rows.some((row) => row.id === updated.id);
    list =
      known || outcome.orAdd !== true
        ? rows.map((row) => (row.id === updated.id ? updated : row))
        : [...rows, updated];
  }
  const patch: Patch = { list, request: null, draft: null };
  if (outcome.alert) {
    const { kind, text } = outcome.alert;
    patch.alert = textAlert(
      kind,
      'success',
      null,
      typeof text === 'string' ? text : text(output as never, context),
    );
  }
  return patch;
}

/** One record-list machine: see the file's comment. */
export function createRecordListMachine<
  TRow extends { id: number },
  TResult,
  TInput,
  TExtra extends object,
  TRequest,
  TDraft,
  TActors extends Record<string, UnknownActorLogic>,
  TEvent extends { type: string },
>(options: RecordListOptions<TRow, TResult, TInput, TExtra, TRequest, TDraft, TActors, TEvent>) {
  type Context = RecordListContext<TRow, TRequest, TResult, TDraft> & TExtra;
  type Action = RowAction<Context>;
  const { list, actions } = options;
  const { paging } = list;
  const failedState = list.failedState ?? 'failed';
  const loadFailedText = (context: Context) =>
    typeof list.loadFailed === 'string' ? list.loadFailed : list.loadFailed(context);
  const texts = list.texts ?? {
    loaded: 'The page is shown.',
    failed: `The list could not be loaded: '${String(list.loadFailed)}' with the server's messages.`,
    failedState: `'${String(list.loadFailed)}', with a retry.`,
    retry: 'Load the page again (the error is cleared).',
  };
  const assignSearch = {
    type: 'assignSearch',
    params: ({ event }: { event: { value: string } }) => event.value,
  } as const;
  const dismiss = {
    actions: 'dismissAlert',
    description: options.dismissAnywhere ?? 'The alert is closed.',
  };

  /** A transition that starts `action` (to `target`) when `guard` holds. */
  const start = (
    action: Action,
    guard: RecordGuard<Context, unknown> | undefined,
    target: string,
    description: string,
  ) => {
    const params = ({ event }: { event: unknown }) => action.request(event as never);
    return {
      ...(guard && { guard: { type: guard.name, params } }),
      target,
      actions: { type: 'assignRequest', params },
      description,
    };
  };
  const startsOf = (action: Action) => {
    const { confirm, form, call } = action;
    if (confirm?.when) {
      return [
        start(action, confirm.when.guard, confirm.state, confirm.when.description),
        start(action, action.guard, call.state, action.description),
      ];
    }
    const target = form?.state ?? confirm?.state ?? call.state;
    return start(action, action.guard, target, action.description);
  };

  const callState = ({ call, form }: Action) => ({
    description: call.description,
    tags: ['busy'],
    invoke: {
      id: call.actor,
      src: call.actor,
      input: ({ context }: { context: Context }) =>
        call.input(fallbackRequest(context.request), context),
      onDone:
        call.outcome.kind === 'final'
          ? {
              target: call.outcome.state,
              actions: {
                type: 'assignResult',
                params: ({ event }: { event: { output: unknown } }) => event.output as TResult,
              },
              description: call.outcome.description,
            }
          : {
              target: 'ready',
              actions: {
                type: 'applyUpdate',
                params: ({ context, event }: { context: Context; event: { output: unknown } }) =>
                  answerPatch(call.outcome, event.output, context),
              },
              description: call.outcome.description,
            },
      onError: {
        target: form?.state ?? 'ready',
        actions: {
          type: 'actionFailed',
          params: ({ event }: { event: ErrorActorEvent }) => ({
            // A refused form keeps its request and draft: the form shows what was typed.
            ...(!form && { request: null }),
            alert: failureAlert(call.failed.kind, event.error, call.failed.text),
          }),
        },
        description: call.failed.description,
      },
    },
  });

  const actionStates: Record<string, unknown> = {};
  /** Each state once, from the first action that names it. */
  const add = (name: string, state: () => unknown) => {
    if (!(name in actionStates)) actionStates[name] = state();
  };
  for (const action of actions) {
    const { form, confirm, call } = action;
    if (form) {
      add(form.state, () => ({
        description: form.description,
        on: {
          [form.submit.event]: {
            target: call.state,
            actions: {
              type: 'assignDraft',
              params: ({ event }: { event: unknown }) => form.submit.draft(event as never),
            },
            description: form.submit.description,
          },
          cancel: { target: 'ready', actions: 'clearRequest', description: form.cancelDescription },
        },
      }));
    }
    if (confirm) {
      add(confirm.state, () => ({
        description: confirm.description,
        on: {
          confirm: { target: call.state, description: confirm.confirmDescription },
          cancel: {
            target: 'ready',
            actions: 'clearRequest',
            description: confirm.cancelDescription,
          },
        },
      }));
    }
    add(call.state, () => callState(action));
    const { outcome } = call;
    if (outcome.kind === 'final') {
      add(outcome.state, () => ({ type: 'final', description: outcome.stateDescription }));
    }
  }

  const states = {
    loading: {
      description: list.description,
      tags: ['loading'],
      invoke: {
        id: list.actor,
        src: list.actor,
        ...(paging && {
          input: ({ context }: { context: Context }) => recordListRequest(context, paging),
        }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'assignList',
            params: ({ event }: { event: { output: unknown } }) =>
              paging ? (event.output as RecordPage<TRow>) : { list: event.output as TRow[] },
          },
          description: texts.loaded,
        },
        onError: {
          target: failedState,
          actions: {
            type: 'loadFailed',
            params: ({ context, event }: { context: Context; event: ErrorActorEvent }) =>
              list.serverMessages === false
                ? textAlert('loadFailed', 'danger', null, loadFailedText(context))
                : failureAlert('loadFailed', event.error, loadFailedText(context)),
          },
          description: texts.failed,
        },
      },
      ...(paging && {
        on: {
          'search.change': {
            target: 'searching',
            actions: assignSearch,
            description: 'A new search while loading: the answer for the old one is not shown.',
          },
        },
      }),
    },
    [failedState]: {
      description: texts.failedState,
      on: {
        retry: { target: 'loading', actions: 'dismissAlert', description: texts.retry },
      },
    },
    ...(paging && {
      searching: {
        description: 'The search input is debounced (400 ms) before the first page is asked.',
        tags: ['loading'],
        after: { searchDebounce: { target: 'loading', description: 'Typing paused: search.' } },
        on: {
          'search.change': {
            target: 'searching',
            reenter: true,
            actions: assignSearch,
            description: 'Still typing: the wait starts again.',
          },
        },
      },
    }),
    ready: {
      description: list.readyDescription,
      on: {
        ...(paging && {
          'search.change': {
            target: 'searching',
            actions: assignSearch,
            description: 'The search changed: back to page 1 once typing pauses.',
          },
          'page.next': {
            guard: 'hasNextPage',
            target: 'loading',
            actions: 'nextPage',
            description: 'The next page, when there is one.',
          },
          'page.previous': {
            guard: 'hasPreviousPage',
            target: 'loading',
            actions: 'previousPage',
            description: 'The previous page, when there is one.',
          },
        }),
        ...Object.fromEntries(actions.map((action) => [action.event, startsOf(action)])),
        ...(options.dismissAnywhere === undefined && { 'alert.dismiss': dismiss }),
      },
    },
    ...actionStates,
  };

  const guards: Record<string, (args: { context: Context }, request: unknown) => boolean> = {};
  for (const action of actions) {
    for (const guard of [action.guard, action.confirm?.when?.guard]) {
      if (guard) guards[guard.name] = ({ context }, request) => guard.test(context, request);
    }
  }
  const actors = Object.fromEntries(
    [list.actor, ...actions.map((action) => action.call.actor)].map((name) => [
      name,
      fromPromise(async () => notProvided(name)),
    ]),
  ) as unknown as TActors;

  return setup({
    types: {
      context: {} as Context,
      events: {} as RecordListEvent | TEvent,
      input: {} as TInput,
      output: {} as TResult,
    },
    actors,
    delays: {
      /** The search input is debounced before the list is asked again. */
      searchDebounce: 400,
    },
    guards: {
      hasNextPage: ({ context }) =>
        paging !== undefined && context.page < pageCountOf(context, paging.pageSize),
      hasPreviousPage: ({ context }) => context.page > 1,
      ...guards,
    },
    actions: {
      assignSearch: assign((_, value: string) => ({ searchString: value, page: 1 }) as Context),
      nextPage: assign(({ context }) => ({ page: context.page + 1 }) as Context),
      previousPage: assign(({ context }) => ({ page: context.page - 1 }) as Context),
      assignList: assign(
        (_, result: RecordPage<TRow>) =>
          ({ list: result.list, totalCount: result.totalCount ?? result.list.length }) as Context,
      ),
      assignRequest: assign(
        (_, request: TRequest) => ({ request, draft: null, alert: null }) as Context,
      ),
      assignDraft: assign((_, draft: TDraft) => ({ draft, alert: null }) as Context),
      clearRequest: assign(() => ({ request: null, draft: null }) as Context),
      assignResult: assign((_, result: TResult) => ({ result }) as Context),
      applyUpdate: assign((_, patch: Patch) => patch as Context),
      actionFailed: assign((_, patch: Patch) => patch as Context),
      loadFailed: assign((_, alert: MachineAlert<string>) => ({ alert }) as Context),
      dismissAlert: assign(() => ({ alert: null }) as Context),
    },
  }).createMachine({
    id: options.id,
    description: options.description,
    context: ({ input }) =>
      ({
        ...options.extra(input),
        searchString: '',
        page: 1,
        list: null,
        totalCount: 0,
        alert: null,
        request: null,
        draft: null,
        result: null,
      }) as Context,
    output: ({ context }) => context.result as TResult,
    on: {
      ...(options.dismissAnywhere !== undefined && { 'alert.dismiss': dismiss }),
      ...(options.filterDescription !== undefined &&
        !paging && {
          'search.change': { actions: assignSearch, description: options.filterDescription },
        }),
    } as Record<string, { description: string }>,
    initial: 'loading',
    states: states as unknown as Record<string, { description: string }>,
  });
}

/** What a record list's snapshot gives its selectors. */
export interface RecordListSnapshot<TRow, TRequest = unknown, TResult = unknown> {
  context: RecordListContext<TRow, TRequest, TResult, unknown>;
  value: unknown;
  hasTag(tag: 'loading' | 'busy'): boolean;
}

export interface PageInfo {
  page: number;
  pageCount: number;
  totalCount: number;
  /** There is a previous page (else the button can never be used on this page). */
  hasPrevious: boolean;
  /** There is a next page. */
  hasNext: boolean;
  /** A page is loading or a call runs: the buttons wait (and keep the focus). */
  busy: boolean;
}

/** The selectors of a record list whose pages hold `pageSize` rows. */
export function recordListSelectors(pageSize: number) {
  type Snapshot = RecordListSnapshot<unknown>;
  return {
    selectRows: <TRow>(s: RecordListSnapshot<TRow>): TRow[] => s.context.list ?? [],
    selectPage: (s: Snapshot): PageInfo => {
      const pageCount = pageCountOf(s.context, pageSize);
      return {
        page: s.context.page,
        pageCount,
        totalCount: s.context.totalCount,
        hasPrevious: s.context.page > 1,
        hasNext: s.context.page < pageCount,
        busy: s.hasTag('loading') || s.hasTag('busy'),
      };
    },
    /** The first page is loading: the panel shows 'Loading, please wait...' instead of the list. */
    selectLoading: (s: Snapshot) => s.hasTag('loading') && s.context.list === null,
    /** A page or a search is loading: the shown list waits (aria-busy). */
    selectPageLoading: (s: Snapshot) => s.hasTag('loading'),
    selectLoadFailed: (s: Snapshot) => s.value === 'failed',
    selectAlert: (s: Snapshot) => s.context.alert,
    selectSearch: (s: Snapshot) => s.context.searchString,
  };
}
