import { assign, fromPromise, setup, type ErrorActorEvent, type PromiseActorLogic } from 'xstate';
import type { ListRequest } from '../../contract/lists';
import { failureAlert, type MachineAlert } from './alerts';
import { notProvided } from './notProvided';

/**
 * The record-list machine shape (issue 32), shared by the host's admin lists: a list asked a page
 * at a time (spec §3 List request) for a debounced search; next and previous pages within the
 * total; one action on a row, asked in a confirm dialog first when the instance says so, then a
 * call whose answer either replaces the row in the list or ends the machine with its output.
 *
 * `createRecordListMachine(options)` makes one real, named machine of that shape: the instance
 * gives its id, its actors', guard's and states' names, and every description in the spec's words,
 * so each instance has its own diagram and its own path table. The selectors below are the shape's
 * rules for the UI, the same for every instance.
 */

/** One page of the list as the server answers it (spec §3 List response). */
export interface RecordPage<TRow> {
  list: TRow[];
  totalCount?: number | null;
}

export interface RecordListContext<TRow, TRequest, TResult> {
  searchString: string;
  page: number;
  /** The shown page of rows; null until the first page arrives. */
  list: TRow[] | null;
  totalCount: number;
  alert: MachineAlert<string> | null;
  /** The row action asked for (waiting for its confirmation, or its call out), else null. */
  request: TRequest | null;
  /** What the row action's call answered, when it ends the machine (its output), else null. */
  result: TResult | null;
}

/** The events every record list takes; a row action adds its own. */
export type RecordListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'retry' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'alert.dismiss' };

/** Where the row action's successful call leads. */
export type RowActionOutcome =
  /** Back to the list: the answered row replaces its old self, with a success alert. */
  | { kind: 'rowUpdated'; description: string; alert: { kind: string; text: string } }
  /** The machine ends with the answer as its output (in a final state of this name). */
  | { kind: 'final'; description: string; state: string; stateDescription: string };

export interface RecordListOptions<
  TRow extends { id: number },
  TActionEvent extends { type: string },
  TRequest,
  TResult,
  TInput,
  TExtra extends object,
  TListActor extends string,
  TCallActor extends string,
  TCallInput,
> {
  /** Types only, as in xstate's setup: the row, the row action's answer, the machine's input. */
  types: { row: TRow; result: TResult; input: TInput };
  id: string;
  description: string;
  /** The instance's own context beside the list's (e.g. who the signed-in user is). */
  extra: (input: TInput) => TExtra;
  list: {
    /** The actor's name (and invoke id) of the list call. */
    actor: TListActor;
    pageSize: number;
    sortBy: string;
    /** The spec's load failure (e.g. 'Error loading users'). */
    loadFailed: string;
    /** The loading state's description: the call, for whom. */
    description: string;
    /** The list state's description: what a row offers. */
    readyDescription: string;
  };
  action: {
    /** The row action's event, e.g. 'switch.request'. */
    event: TActionEvent['type'];
    /** What the event asks for: kept in the context until the call answers. */
    requestOf: (event: TActionEvent) => TRequest;
    /** The guard's name and test: whether the request may be acted on. */
    guard: {
      name: string;
      test: (
        context: RecordListContext<TRow, TRequest, TResult> & TExtra,
        request: TRequest,
      ) => boolean;
    };
    description: string;
    /** Asked in a confirm dialog first (a state of this name), or called at once. */
    confirm?: {
      state: string;
      description: string;
      confirmDescription: string;
      cancelDescription: string;
    };
    call: {
      /** The calling state's name, and the actor's name (and invoke id). */
      state: string;
      actor: TCallActor;
      description: string;
      input: (request: TRequest) => TCallInput;
      outcome: RowActionOutcome;
      /** The failure's alert: its kind, the spec's text, the transition's description. */
      failed: { kind: string; text: string; description: string };
    };
  };
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

/** One record-list machine: see the file's comment. */
export function createRecordListMachine<
  TRow extends { id: number },
  TActionEvent extends { type: string },
  TRequest,
  TResult,
  TInput,
  TExtra extends object,
  TListActor extends string,
  TCallActor extends string,
  TCallInput,
>(
  options: RecordListOptions<
    TRow,
    TActionEvent,
    TRequest,
    TResult,
    TInput,
    TExtra,
    TListActor,
    TCallActor,
    TCallInput
  >,
) {
  type Context = RecordListContext<TRow, TRequest, TResult> & TExtra;
  const { list, action } = options;
  const { call, confirm, outcome } = { ...action, outcome: action.call.outcome };
  const assignSearch = {
    type: 'assignSearch',
    params: ({ event }: { event: { value: string } }) => event.value,
  } as const;

  const done =
    outcome.kind === 'final'
      ? {
          target: outcome.state,
          actions: {
            type: 'assignResult',
            params: ({ event }: { event: { output: unknown } }) => event.output as TResult,
          },
          description: outcome.description,
        }
      : {
          target: 'ready',
          actions: {
            type: 'applyUpdate',
            params: ({ event }: { event: { output: unknown } }) => event.output as TRow,
          },
          description: outcome.description,
        };

  const callState = {
    description: call.description,
    tags: ['busy'],
    invoke: {
      id: call.actor,
      src: call.actor,
      input: ({ context }: { context: Context }) => call.input(fallbackRequest(context.request)),
      onDone: done,
      onError: {
        target: 'ready',
        actions: {
          type: 'actionFailed',
          params: ({ event }: { event: ErrorActorEvent }) => event.error,
        },
        description: call.failed.description,
      },
    },
  };

  const states = {
    loading: {
      description: list.description,
      tags: ['loading'],
      invoke: {
        id: list.actor,
        src: list.actor,
        input: ({ context }: { context: Context }) => recordListRequest(context, list),
        onDone: {
          target: 'ready',
          actions: {
            type: 'assignList',
            params: ({ event }: { event: { output: unknown } }) => event.output as RecordPage<TRow>,
          },
          description: 'The page is shown.',
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'loadFailed',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
          description: `The list could not be loaded: '${list.loadFailed}' with the server's messages.`,
        },
      },
      on: {
        'search.change': {
          target: 'searching',
          actions: assignSearch,
          description: 'A new search while loading: the answer for the old one is not shown.',
        },
      },
    },
    failed: {
      description: `'${list.loadFailed}', with a retry.`,
      on: {
        retry: {
          target: 'loading',
          actions: 'dismissAlert',
          description: 'Load the page again (the error is cleared).',
        },
      },
    },
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
    ready: {
      description: list.readyDescription,
      on: {
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
        [action.event]: {
          guard: {
            type: action.guard.name,
            params: ({ event }: { event: TActionEvent }) => action.requestOf(event),
          },
          target: confirm ? confirm.state : call.state,
          actions: {
            type: 'assignRequest',
            params: ({ event }: { event: TActionEvent }) => action.requestOf(event),
          },
          description: action.description,
        },
        'alert.dismiss': { actions: 'dismissAlert', description: 'The alert is closed.' },
      },
    },
    ...(confirm && {
      [confirm.state]: {
        description: confirm.description,
        on: {
          confirm: { target: call.state, description: confirm.confirmDescription },
          cancel: {
            target: 'ready',
            actions: 'clearRequest',
            description: confirm.cancelDescription,
          },
        },
      },
    }),
    [call.state]: callState,
    ...(outcome.kind === 'final' && {
      [outcome.state]: { type: 'final', description: outcome.stateDescription },
    }),
  };

  return setup({
    types: {
      context: {} as Context,
      events: {} as RecordListEvent | TActionEvent,
      input: {} as TInput,
      output: {} as TResult,
    },
    actors: {
      [list.actor]: fromPromise(async () => notProvided(list.actor)),
      [call.actor]: fromPromise(async () => notProvided(call.actor)),
    } as Record<TListActor, PromiseActorLogic<RecordPage<TRow>, ListRequest>> &
      Record<TCallActor, PromiseActorLogic<TResult, TCallInput>>,
    delays: {
      /** The search input is debounced before the list is asked again. */
      searchDebounce: 400,
    },
    guards: {
      hasNextPage: ({ context }) => context.page < pageCountOf(context, list.pageSize),
      hasPreviousPage: ({ context }) => context.page > 1,
      [action.guard.name]: ({ context }: { context: Context }, request: TRequest) =>
        action.guard.test(context, request),
    },
    actions: {
      assignSearch: assign((_, value: string) => ({ searchString: value, page: 1 }) as Context),
      nextPage: assign(({ context }) => ({ page: context.page + 1 }) as Context),
      previousPage: assign(({ context }) => ({ page: context.page - 1 }) as Context),
      assignList: assign(
        (_, result: RecordPage<TRow>) =>
          ({ list: result.list, totalCount: result.totalCount ?? result.list.length }) as Context,
      ),
      assignRequest: assign((_, request: TRequest) => ({ request, alert: null }) as Context),
      clearRequest: assign(() => ({ request: null }) as Context),
      assignResult: assign((_, result: TResult) => ({ result }) as Context),
      applyUpdate: assign(({ context }, updated: TRow) => {
        const alert = outcome.kind === 'rowUpdated' ? outcome.alert : { kind: '', text: '' };
        return {
          list: (context.list ?? []).map((row) => (row.id === updated.id ? updated : row)),
          request: null,
          alert: { kind: alert.kind, level: 'success', title: null, messages: [alert.text] },
        } as Context;
      }),
      actionFailed: assign(
        (_, error: unknown) =>
          ({
            request: null,
            alert: failureAlert(call.failed.kind, error, call.failed.text),
          }) as Context,
      ),
      loadFailed: assign(
        (_, error: unknown) =>
          ({ alert: failureAlert('loadFailed', error, list.loadFailed) }) as Context,
      ),
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
        result: null,
      }) as Context,
    output: ({ context }) => context.result as TResult,
    initial: 'loading',
    states: states as unknown as Record<string, { description: string }>,
  });
}

/** What a record list's snapshot gives its selectors. */
export interface RecordListSnapshot<TRow, TRequest = unknown, TResult = unknown> {
  context: RecordListContext<TRow, TRequest, TResult>;
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
