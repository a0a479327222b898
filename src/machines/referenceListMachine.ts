import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ReferenceListKind } from '../../contract/referenceLists';
import { failureAlert, type MachineAlert } from './alerts';
import { notProvided } from './notProvided';

/**
 * One admin screen of a reference list (issue 19; spec §7.2 "Countries and currencies" and
 * "Topics"), shared by Product Categories (the interest topics), Countries and Currencies: the
 * list with its disabled rows, create, edit, enable, disable after a confirmation, reorder (one
 * place up or down, or to a place), delete after a confirmation. The feature's entry provides the calls of its list.
 */

/** A row as the screen holds it: the list's own fields (name, code…) as texts in `values`. */
export interface ReferenceRow {
  id: number;
  name: string;
  order: number;
  enabled: boolean;
  /** The form's fields of the row (e.g. name, code, callingCode), as the form shows them. */
  values: Readonly<Record<string, string>>;
}

/** What the form submits: its fields by name. */
export type ReferenceValues = Readonly<Record<string, string>>;

export interface ReferenceListInput {
  kind: ReferenceListKind;
}

/**
 * The texts of each list. The load failures are spec §8's ('Failed to fetch countries', 'Failed
 * to fetch currencies', 'Error getting topics'); the rest are ours (the spec words none).
 */
export const referenceListScreenTexts = {
  countries: {
    title: 'Countries',
    singular: 'country',
    loadFailed: 'Failed to fetch countries',
    disableEffect: 'It stays listed here, but it leaves every country and phone picker.',
  },
  currencies: {
    title: 'Currencies',
    singular: 'currency',
    loadFailed: 'Failed to fetch currencies',
    disableEffect: 'It stays listed here, but no form offers it.',
  },
  topics: {
    title: 'Product Categories',
    singular: 'product category',
    loadFailed: 'Error getting topics',
    disableEffect: 'It stays listed here, but onboarding no longer offers it.',
  },
  saveFailed: 'The changes could not be saved, please try again.',
  enableFailed: 'The change could not be saved, please try again.',
  reorderFailed: 'The order could not be changed, please try again.',
  deleteFailed: 'It could not be deleted, please try again.',
  saved: (name: string) => `'${name}' saved`,
  deleted: (name: string) => `'${name}' deleted`,
  /** The line above the table: how many rows, how many of them enabled. */
  summary: (rows: number, enabled: number) =>
    `${rows} ${rows === 1 ? 'row' : 'rows'}, ${enabled} enabled`,
  disableTitle: (singular: string) => `Disable ${singular}`,
  disableQuestion: (name: string, effect: string) =>
    `Disable ‘${name}’? ${effect} It can be enabled again at any time.`,
  disableConfirm: 'Yes, Disable',
  disabling: 'Disabling...',
} as const;

export type ReferenceListAlert = MachineAlert<
  'loadFailed' | 'saved' | 'deleted' | 'saveFailed' | 'changeFailed'
>;

export interface ReferenceListContext {
  kind: ReferenceListKind;
  rows: ReferenceRow[];
  /** The row being edited or deleted; null when creating (or none chosen). */
  selectedId: number | null;
  /** The values last submitted: the form shows them again after a refusal (nothing is lost). */
  draft: ReferenceValues | null;
  /** The enable or disable asked for (a disable waits for its confirmation), else null. */
  change: { id: number; value: boolean } | null;
  alert: ReferenceListAlert | null;
}

export type ReferenceListEvent =
  | { type: 'retry' }
  | { type: 'create.start' }
  | { type: 'edit.start'; id: number }
  | { type: 'form.submit'; values: ReferenceValues }
  | { type: 'enabled.set'; id: number; value: boolean }
  | { type: 'order.move'; id: number; moveUp: boolean }
  | { type: 'order.moveTo'; id: number; index: number }
  | { type: 'delete.start'; id: number }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'alert.dismiss' };

/** The rows in the maintained Order (ties by id). */
const inOrder = (rows: readonly ReferenceRow[]) =>
  [...rows].sort((a, b) => a.order - b.order || a.id - b.id);

const indexOf = (context: ReferenceListContext, id: number) =>
  inOrder(context.rows).findIndex((row) => row.id === id);

const nameOf = (context: ReferenceListContext, id: number | null) =>
  context.rows.find((row) => row.id === id)?.name ?? '';

const failedWith =
  (kind: ReferenceListAlert['kind'], text: string) =>
  ({ event }: { event: ErrorActorEvent }) =>
    failureAlert(kind, event.error, text);

const t = referenceListScreenTexts;

export const referenceListMachine = setup({
  types: {
    context: {} as ReferenceListContext,
    events: {} as ReferenceListEvent,
    input: {} as ReferenceListInput,
  },
  actors: {
    /** POST …/list with includeDisabled (page 1, pageSize 999, the list's spec sort). */
    loadList: fromPromise<ReferenceRow[]>(async () => notProvided('loadList')),
    /** POST …/create (id null) or …/update (the row's id): the row as saved. */
    saveRow: fromPromise<ReferenceRow, { id: number | null; values: ReferenceValues }>(async () =>
      notProvided('saveRow'),
    ),
    /** POST …/setEnabled (id, value): the row as saved. */
    setEnabled: fromPromise<ReferenceRow, { id: number; value: boolean }>(async () =>
      notProvided('setEnabled'),
    ),
    /** POST …/changeorder (id, moveUp): every row in its new Order. */
    changeOrder: fromPromise<ReferenceRow[], { id: number; moveUp: boolean }>(async () =>
      notProvided('changeOrder'),
    ),
    /** POST …/moveOrderToIndex (id, index): every row in its new Order. */
    moveToIndex: fromPromise<ReferenceRow[], { id: number; index: number }>(async () =>
      notProvided('moveToIndex'),
    ),
    /** POST …/deleteAndReorder (id): the remaining rows, numbered 1..n again. */
    deleteRow: fromPromise<ReferenceRow[], { id: number }>(async () => notProvided('deleteRow')),
  },
  guards: {
    isListed: ({ context }, id: number) => context.rows.some((row) => row.id === id),
    canMove: ({ context }, params: { id: number; moveUp: boolean }) => {
      const index = indexOf(context, params.id);
      if (index < 0) return false;
      return params.moveUp ? index > 0 : index < context.rows.length - 1;
    },
    canMoveTo: ({ context }, params: { id: number; index: number }) => {
      const from = indexOf(context, params.id);
      return (
        from >= 0 &&
        params.index !== from &&
        params.index >= 0 &&
        params.index < context.rows.length
      );
    },
    isChange: ({ context }, params: { id: number; value: boolean }) =>
      context.rows.some((row) => row.id === params.id && row.enabled !== params.value),
    /** An enabled row is to be disabled: it leaves the forms that list it, so we ask first. */
    isDisabling: ({ context }, params: { id: number; value: boolean }) =>
      !params.value && context.rows.some((row) => row.id === params.id && row.enabled),
  },
  actions: {
    assignRows: assign((_, rows: ReferenceRow[]) => ({ rows })),
    /** The saved row replaces its old self, or joins the list when new. */
    assignSavedRow: assign(({ context }, saved: ReferenceRow) => ({
      rows: context.rows.some((row) => row.id === saved.id)
        ? context.rows.map((row) => (row.id === saved.id ? saved : row))
        : [...context.rows, saved],
    })),
    select: assign((_, id: number | null) => ({ selectedId: id, draft: null })),
    clearSelection: assign({ selectedId: null, draft: null }),
    keepDraft: assign((_, values: ReferenceValues) => ({ draft: values })),
    assignChange: assign((_, change: { id: number; value: boolean }) => ({ change })),
    clearChange: assign({ change: null }),
    assignAlert: assign((_, alert: ReferenceListAlert) => ({ alert })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'referenceList',
  description:
    "Issue 19, a reference list's admin screen (spec §7.2 'Countries and currencies' and 'Topics'): Product Categories (the interest topics), Countries and Currencies. The list with its disabled rows, in its maintained Order; create and edit in a form; enable, or disable after a confirmation; reorder by one place or to a place; delete (deleteAndReorder) after a confirmation. Load errors: 'Failed to fetch countries', 'Failed to fetch currencies', 'Error getting topics'; a refused save shows the server's messages and keeps what was typed.",
  context: ({ input }) => ({
    kind: input.kind,
    rows: [],
    selectedId: null,
    draft: null,
    change: null,
    alert: null,
  }),
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'POST …/list with includeDisabled: every row, disabled ones too.',
      invoke: {
        id: 'loadList',
        src: 'loadList',
        onDone: {
          target: 'ready',
          actions: { type: 'assignRows', params: ({ event }) => event.output },
          description: 'The rows show in their Order.',
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'assignAlert',
            params: ({ context }) => ({
              kind: 'loadFailed' as const,
              level: 'danger' as const,
              title: null,
              messages: [t[context.kind].loadFailed],
            }),
          },
          description:
            "'Failed to fetch countries', 'Failed to fetch currencies' or 'Error getting topics'.",
        },
      },
    },
    loadFailed: {
      description: 'The load error; the host may try again.',
      on: {
        retry: { target: 'loading', actions: 'clearAlert', description: 'Try loading again.' },
      },
    },
    ready: {
      description: 'The list is shown; one call at a time.',
      initial: 'listing',
      states: {
        listing: {
          description: 'The table: each row can be edited, enabled or disabled, moved, deleted.',
          on: {
            'create.start': {
              target: 'editing',
              actions: [{ type: 'select', params: null }, 'clearAlert'],
              description: 'The form for a new row (added last in Order).',
            },
            'edit.start': {
              guard: { type: 'isListed', params: ({ event }) => event.id },
              target: 'editing',
              actions: [{ type: 'select', params: ({ event }) => event.id }, 'clearAlert'],
              description: "The form with the row's fields.",
            },
            'enabled.set': [
              {
                guard: {
                  type: 'isDisabling',
                  params: ({ event }) => ({ id: event.id, value: event.value }),
                },
                target: 'confirmingDisable',
                actions: [
                  {
                    type: 'assignChange',
                    params: ({ event }) => ({ id: event.id, value: event.value }),
                  },
                  'clearAlert',
                ],
                description:
                  'Disable: asks to confirm first, since a disabled row is gone from the forms that list it.',
              },
              {
                guard: {
                  type: 'isChange',
                  params: ({ event }) => ({ id: event.id, value: event.value }),
                },
                target: 'settingEnabled',
                actions: [
                  {
                    type: 'assignChange',
                    params: ({ event }) => ({ id: event.id, value: event.value }),
                  },
                  'clearAlert',
                ],
                description:
                  'Enable: POST …/setEnabled at once (it only offers the row again, and Disable undoes it).',
              },
            ],
            'order.move': {
              guard: {
                type: 'canMove',
                params: ({ event }) => ({ id: event.id, moveUp: event.moveUp }),
              },
              target: 'moving',
              actions: 'clearAlert',
              description: 'POST …/changeorder: one place up or down (never past either end).',
            },
            'order.moveTo': {
              guard: {
                type: 'canMoveTo',
                params: ({ event }) => ({ id: event.id, index: event.index }),
              },
              target: 'movingTo',
              actions: 'clearAlert',
              description: 'POST …/moveOrderToIndex: dragged to another place in the list.',
            },
            'delete.start': {
              guard: { type: 'isListed', params: ({ event }) => event.id },
              target: 'confirmingDelete',
              actions: [{ type: 'select', params: ({ event }) => event.id }, 'clearAlert'],
              description: 'Asks to confirm the deletion.',
            },
          },
        },
        editing: {
          description: 'The form (create or edit).',
          on: {
            'form.submit': {
              target: 'saving',
              actions: [{ type: 'keepDraft', params: ({ event }) => event.values }, 'clearAlert'],
              description: 'Save the form.',
            },
            cancel: {
              target: 'listing',
              actions: 'clearSelection',
              description: 'Back to the table, nothing saved.',
            },
          },
        },
        saving: {
          description: 'POST …/create or …/update.',
          invoke: {
            id: 'saveRow',
            src: 'saveRow',
            input: ({ context }) => ({ id: context.selectedId, values: context.draft ?? {} }),
            onDone: {
              target: 'listing',
              actions: [
                { type: 'assignSavedRow', params: ({ event }) => event.output },
                {
                  type: 'assignAlert',
                  params: ({ event }) => ({
                    kind: 'saved' as const,
                    level: 'success' as const,
                    title: null,
                    messages: [t.saved(event.output.name)],
                  }),
                },
                'clearSelection',
              ],
              description: 'Saved: the table shows the row.',
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'assignAlert',
                params: failedWith('saveFailed', t.saveFailed),
              },
              description: "Refused: the server's messages, and the form keeps what was typed.",
            },
          },
        },
        confirmingDisable: {
          description:
            'The confirm dialog: disable the row? It stays listed here but is offered to no one (a country leaves every phone picker).',
          on: {
            confirm: { target: 'settingEnabled', description: 'Yes, disable it.' },
            cancel: {
              target: 'listing',
              actions: 'clearChange',
              description: 'No: the row stays enabled.',
            },
          },
        },
        settingEnabled: {
          description: 'POST …/setEnabled.',
          invoke: {
            id: 'setEnabled',
            src: 'setEnabled',
            input: ({ context }) => context.change ?? { id: 0, value: true },
            onDone: {
              target: 'listing',
              actions: [
                { type: 'assignSavedRow', params: ({ event }) => event.output },
                'clearChange',
              ],
              description: 'The row shows enabled or disabled.',
            },
            onError: {
              target: 'listing',
              actions: [
                {
                  type: 'assignAlert',
                  params: failedWith('changeFailed', t.enableFailed),
                },
                'clearChange',
              ],
              description:
                "Refused (e.g. onboarding needs 3 enabled topics): the server's messages.",
            },
          },
        },
        moving: {
          description: 'POST …/changeorder.',
          invoke: {
            id: 'changeOrder',
            src: 'changeOrder',
            input: ({ event }) => {
              const { id, moveUp } = event as Extract<ReferenceListEvent, { type: 'order.move' }>;
              return { id, moveUp };
            },
            onDone: {
              target: 'listing',
              actions: { type: 'assignRows', params: ({ event }) => event.output },
              description: 'The rows show in their new Order.',
            },
            onError: {
              target: 'listing',
              actions: {
                type: 'assignAlert',
                params: failedWith('changeFailed', t.reorderFailed),
              },
              description: "Refused: the server's messages; the Order is as it was.",
            },
          },
        },
        movingTo: {
          description: 'POST …/moveOrderToIndex.',
          invoke: {
            id: 'moveToIndex',
            src: 'moveToIndex',
            input: ({ event }) => {
              const { id, index } = event as Extract<ReferenceListEvent, { type: 'order.moveTo' }>;
              return { id, index };
            },
            onDone: {
              target: 'listing',
              actions: { type: 'assignRows', params: ({ event }) => event.output },
              description: 'The rows show in their new Order.',
            },
            onError: {
              target: 'listing',
              actions: {
                type: 'assignAlert',
                params: failedWith('changeFailed', t.reorderFailed),
              },
              description: "Refused (e.g. a place out of range): the server's messages.",
            },
          },
        },
        confirmingDelete: {
          description: 'The confirm dialog: delete the row?',
          on: {
            confirm: { target: 'deleting', description: 'Yes, delete it.' },
            cancel: {
              target: 'listing',
              actions: 'clearSelection',
              description: 'No: nothing deleted.',
            },
          },
        },
        deleting: {
          description: 'POST …/deleteAndReorder.',
          invoke: {
            id: 'deleteRow',
            src: 'deleteRow',
            input: ({ context }) => ({ id: context.selectedId ?? 0 }),
            onDone: {
              target: 'listing',
              actions: [
                {
                  type: 'assignAlert',
                  params: ({ context }) => ({
                    kind: 'deleted' as const,
                    level: 'success' as const,
                    title: null,
                    messages: [t.deleted(nameOf(context, context.selectedId))],
                  }),
                },
                { type: 'assignRows', params: ({ event }) => event.output },
                'clearSelection',
              ],
              description: 'Deleted: the others are numbered 1..n again.',
            },
            onError: {
              target: 'listing',
              actions: [
                {
                  type: 'assignAlert',
                  params: failedWith('changeFailed', t.deleteFailed),
                },
                'clearSelection',
              ],
              description: "Refused (e.g. the default phone country): the server's messages.",
            },
          },
        },
      },
    },
  },
});

export type ReferenceListSnapshot = SnapshotFrom<typeof referenceListMachine>;

/** The screen's texts: its title and what a row is called. */
export const selectReferenceListTexts = (s: ReferenceListSnapshot) => t[s.context.kind];
/** The line above the table: 'N rows, M enabled'. */
export const selectReferenceListSummary = (s: ReferenceListSnapshot) =>
  t.summary(s.context.rows.length, s.context.rows.filter((row) => row.enabled).length);
export const selectReferenceListLoading = (s: ReferenceListSnapshot) => s.matches('loading');
export const selectReferenceListLoadFailed = (s: ReferenceListSnapshot) => s.matches('loadFailed');
export const selectReferenceListAlert = (s: ReferenceListSnapshot) => s.context.alert;
/** A call is on its way: every action waits (the table stays, its buttons busy). */
export const selectReferenceListBusy = (s: ReferenceListSnapshot) =>
  s.matches({ ready: 'saving' }) ||
  s.matches({ ready: 'settingEnabled' }) ||
  s.matches({ ready: 'moving' }) ||
  s.matches({ ready: 'movingTo' }) ||
  s.matches({ ready: 'deleting' });

/** A row of the table, in Order, with what may be done to it. */
export interface ReferenceTableRow extends ReferenceRow {
  /** Its place, 1..n. */
  position: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

const tableOf = new WeakMap<readonly ReferenceRow[], ReferenceTableRow[]>();
/** The rows in their maintained Order (the order onboarding shows and every reorder changes). */
export function selectReferenceRows(s: ReferenceListSnapshot): ReferenceTableRow[] {
  const rows = s.context.rows;
  let table = tableOf.get(rows);
  if (!table) {
    const ordered = inOrder(rows);
    table = ordered.map((row, index) => ({
      ...row,
      position: index + 1,
      canMoveUp: index > 0,
      canMoveDown: index < ordered.length - 1,
    }));
    tableOf.set(rows, table);
  }
  return table;
}

/** The form: creating or editing, with the values it starts from, or null when closed. */
export interface ReferenceForm {
  mode: 'create' | 'edit';
  /** What was submitted last (after a refusal), else the row's fields, else empty. */
  values: ReferenceValues | null;
  busy: boolean;
}

export function selectReferenceForm(s: ReferenceListSnapshot): ReferenceForm | null {
  if (!s.matches({ ready: 'editing' }) && !s.matches({ ready: 'saving' })) return null;
  const { selectedId, draft, rows } = s.context;
  return {
    mode: selectedId === null ? 'create' : 'edit',
    values: draft ?? rows.find((row) => row.id === selectedId)?.values ?? null,
    busy: s.matches({ ready: 'saving' }),
  };
}

/** The delete confirmation: the row's name, and whether the deletion is on its way. */
export function selectDeleteConfirmation(
  s: ReferenceListSnapshot,
): { name: string; busy: boolean } | null {
  if (!s.matches({ ready: 'confirmingDelete' }) && !s.matches({ ready: 'deleting' })) return null;
  return { name: nameOf(s.context, s.context.selectedId), busy: s.matches({ ready: 'deleting' }) };
}

/** The disable confirmation: what it asks, and whether the change is on its way. */
export interface DisableConfirmation {
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
}

/** Asked before a row is disabled (and shown, busy, while it is); an enable asks nothing. */
export function selectDisableConfirmation(s: ReferenceListSnapshot): DisableConfirmation | null {
  const { change, kind } = s.context;
  const busy = s.matches({ ready: 'settingEnabled' });
  if (change === null || change.value || !(busy || s.matches({ ready: 'confirmingDisable' }))) {
    return null;
  }
  return {
    title: t.disableTitle(t[kind].singular),
    text: t.disableQuestion(nameOf(s.context, change.id), t[kind].disableEffect),
    confirmLabel: busy ? t.disabling : t.disableConfirm,
    busy,
  };
}
