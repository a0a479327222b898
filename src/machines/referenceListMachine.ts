import type { PromiseActorLogic, SnapshotFrom } from 'xstate';
import type { ReferenceListKind } from '../../contract/referenceLists';
import type { MachineAlert } from './alerts';
import { createRecordListMachine, type RecordListContext } from './recordListFactory';

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

/** What a row action asks for: the row (null for a new one) and the action's own argument. */
export type ReferenceRequest =
  | { id: number | null }
  | { id: number; value: boolean }
  | { id: number; moveUp: boolean }
  | { id: number; index: number };

type Context = RecordListContext<ReferenceRow, ReferenceRequest, never, ReferenceValues> & {
  kind: ReferenceListKind;
};
type Event<T extends ReferenceListEvent['type']> = Extract<ReferenceListEvent, { type: T }>;

/** The rows in the maintained Order (ties by id). */
const inOrder = (rows: readonly ReferenceRow[]) =>
  [...rows].sort((a, b) => a.order - b.order || a.id - b.id);

/** No rows until the list arrives (one array, so the table's selector keeps its answer). */
const NO_ROWS: ReferenceRow[] = [];
const rowsOf = (context: { list: ReferenceRow[] | null }) => context.list ?? NO_ROWS;

const indexOf = (context: Context, id: number) =>
  inOrder(rowsOf(context)).findIndex((row) => row.id === id);

const nameOf = (context: { list: ReferenceRow[] | null }, id: number | null | undefined) =>
  rowsOf(context).find((row) => row.id === id)?.name ?? '';

const t = referenceListScreenTexts;

/** A listed row (the edit and the delete are offered on it only). */
const isListed = {
  name: 'isListed',
  test: (context: Context, request: { id: number | null }) =>
    rowsOf(context).some((row) => row.id === request.id),
};

/** The form and its call, shared by create and edit. */
const form = {
  state: 'editing',
  description: 'The form (create or edit).',
  submit: {
    event: 'form.submit',
    draft: (event: Event<'form.submit'>) => event.values,
    description: 'Save the form.',
  },
  cancelDescription: 'Back to the table, nothing saved.',
};
const save = {
  state: 'saving',
  actor: 'saveRow',
  description: 'POST …/create or …/update.',
  input: (request: { id: number | null }, context: Context) => ({
    id: request.id,
    values: context.draft ?? {},
  }),
  outcome: {
    kind: 'row' as const,
    orAdd: true,
    description: 'Saved: the table shows the row.',
    alert: { kind: 'saved', text: (saved: ReferenceRow) => t.saved(saved.name) },
  },
  failed: {
    kind: 'saveFailed',
    text: t.saveFailed,
    description: "Refused: the server's messages, and the form keeps what was typed.",
  },
};
/** A reorder's answer: every row in its new Order. */
const reordered = { kind: 'list' as const, description: 'The rows show in their new Order.' };

export const referenceListMachine = createRecordListMachine({
  types: {} as {
    row: ReferenceRow;
    result: never;
    input: ReferenceListInput;
    request: ReferenceRequest;
    draft: ReferenceValues;
    events: ReferenceListEvent;
    actors: {
      /** POST …/list with includeDisabled (page 1, pageSize 999, the list's spec sort). */
      loadList: PromiseActorLogic<ReferenceRow[]>;
      /** POST …/create (id null) or …/update (the row's id): the row as saved. */
      saveRow: PromiseActorLogic<ReferenceRow, { id: number | null; values: ReferenceValues }>;
      /** POST …/setEnabled (id, value): the row as saved. */
      setEnabled: PromiseActorLogic<ReferenceRow, { id: number; value: boolean }>;
      /** POST …/changeorder (id, moveUp): every row in its new Order. */
      changeOrder: PromiseActorLogic<ReferenceRow[], { id: number; moveUp: boolean }>;
      /** POST …/moveOrderToIndex (id, index): every row in its new Order. */
      moveToIndex: PromiseActorLogic<ReferenceRow[], { id: number; index: number }>;
      /** POST …/deleteAndReorder (id): the remaining rows, numbered 1..n again. */
      deleteRow: PromiseActorLogic<ReferenceRow[], { id: number }>;
    };
  },
  id: 'referenceList',
  description:
    "Issue 19, a reference list's admin screen (spec §7.2 'Countries and currencies' and 'Topics'): Product Categories (the interest topics), Countries and Currencies. The list with its disabled rows, in its maintained Order; create and edit in a form; enable, or disable after a confirmation; reorder by one place or to a place; delete (deleteAndReorder) after a confirmation. Load errors: 'Failed to fetch countries', 'Failed to fetch currencies', 'Error getting topics'; a refused save shows the server's messages and keeps what was typed.",
  extra: (input) => ({ kind: input.kind }),
  dismissAnywhere: 'The alert is dismissed.',
  filterDescription:
    'Issue 34: the search filters the listed rows by name or code as it is typed (the whole list is loaded; the Order is unchanged).',
  list: {
    actor: 'loadList',
    loadFailed: (context) => t[context.kind].loadFailed,
    serverMessages: false,
    failedState: 'loadFailed',
    description: 'POST …/list with includeDisabled: every row, disabled ones too.',
    readyDescription:
      'The table, one call at a time: each row can be edited, enabled or disabled, moved, deleted.',
    texts: {
      loaded: 'The rows show in their Order.',
      failed:
        "'Failed to fetch countries', 'Failed to fetch currencies' or 'Error getting topics'.",
      failedState: 'The load error; the host may try again.',
      retry: 'Try loading again.',
    },
  },
  actions: [
    {
      event: 'create.start',
      request: () => ({ id: null }),
      description: 'The form for a new row (added last in Order).',
      form,
      call: save,
    },
    {
      event: 'edit.start',
      request: (event: Event<'edit.start'>) => ({ id: event.id }),
      guard: isListed,
      description: "The form with the row's fields.",
      form,
      call: save,
    },
    {
      event: 'enabled.set',
      request: (event: Event<'enabled.set'>) => ({ id: event.id, value: event.value }),
      guard: {
        name: 'isChange',
        test: (context, change: { id: number; value: boolean }) =>
          rowsOf(context).some((row) => row.id === change.id && row.enabled !== change.value),
      },
      description:
        'Enable: POST …/setEnabled at once (it only offers the row again, and Disable undoes it).',
      confirm: {
        state: 'confirmingDisable',
        description:
          'The confirm dialog: disable the row? It stays listed here but is offered to no one (a country leaves every phone picker).',
        confirmDescription: 'Yes, disable it.',
        cancelDescription: 'No: the row stays enabled.',
        when: {
          /** An enabled row is to be disabled: it leaves the forms that list it, so we ask first. */
          guard: {
            name: 'isDisabling',
            test: (context, change: { id: number; value: boolean }) =>
              !change.value && rowsOf(context).some((row) => row.id === change.id && row.enabled),
          },
          description:
            'Disable: asks to confirm first, since a disabled row is gone from the forms that list it.',
        },
      },
      call: {
        state: 'settingEnabled',
        actor: 'setEnabled',
        description: 'POST …/setEnabled.',
        input: (change: { id: number; value: boolean }) => change,
        outcome: { kind: 'row', description: 'The row shows enabled or disabled.' },
        failed: {
          kind: 'changeFailed',
          text: t.enableFailed,
          description: "Refused (e.g. onboarding needs 3 enabled topics): the server's messages.",
        },
      },
    },
    {
      event: 'order.move',
      request: (event: Event<'order.move'>) => ({ id: event.id, moveUp: event.moveUp }),
      guard: {
        name: 'canMove',
        test: (context, move: { id: number; moveUp: boolean }) => {
          const index = indexOf(context, move.id);
          if (index < 0) return false;
          return move.moveUp ? index > 0 : index < rowsOf(context).length - 1;
        },
      },
      description: 'POST …/changeorder: one place up or down (never past either end).',
      call: {
        state: 'moving',
        actor: 'changeOrder',
        description: 'POST …/changeorder.',
        input: (move: { id: number; moveUp: boolean }) => move,
        outcome: reordered,
        failed: {
          kind: 'changeFailed',
          text: t.reorderFailed,
          description: "Refused: the server's messages; the Order is as it was.",
        },
      },
    },
    {
      event: 'order.moveTo',
      request: (event: Event<'order.moveTo'>) => ({ id: event.id, index: event.index }),
      guard: {
        name: 'canMoveTo',
        test: (context, move: { id: number; index: number }) => {
          const from = indexOf(context, move.id);
          return (
            from >= 0 &&
            move.index !== from &&
            move.index >= 0 &&
            move.index < rowsOf(context).length
          );
        },
      },
      description: 'POST …/moveOrderToIndex: dragged to another place in the list.',
      call: {
        state: 'movingTo',
        actor: 'moveToIndex',
        description: 'POST …/moveOrderToIndex.',
        input: (move: { id: number; index: number }) => move,
        outcome: reordered,
        failed: {
          kind: 'changeFailed',
          text: t.reorderFailed,
          description: "Refused (e.g. a place out of range): the server's messages.",
        },
      },
    },
    {
      event: 'delete.start',
      request: (event: Event<'delete.start'>) => ({ id: event.id }),
      guard: isListed,
      description: 'Asks to confirm the deletion.',
      confirm: {
        state: 'confirmingDelete',
        description: 'The confirm dialog: delete the row?',
        confirmDescription: 'Yes, delete it.',
        cancelDescription: 'No: nothing deleted.',
      },
      call: {
        state: 'deleting',
        actor: 'deleteRow',
        description: 'POST …/deleteAndReorder.',
        input: (request: { id: number }) => ({ id: request.id }),
        outcome: {
          kind: 'list',
          description: 'Deleted: the others are numbered 1..n again.',
          alert: {
            kind: 'deleted',
            text: (_: ReferenceRow[], context) => t.deleted(nameOf(context, context.request?.id)),
          },
        },
        failed: {
          kind: 'changeFailed',
          text: t.deleteFailed,
          description: "Refused (e.g. the default phone country): the server's messages.",
        },
      },
    },
  ],
});

export type ReferenceListSnapshot = SnapshotFrom<typeof referenceListMachine>;

/** The screen's texts: its title and what a row is called. */
export const selectReferenceListTexts = (s: ReferenceListSnapshot) => t[s.context.kind];
/** The line above the table: 'N rows, M enabled'. */
export const selectReferenceListSummary = (s: ReferenceListSnapshot) =>
  t.summary(rowsOf(s.context).length, rowsOf(s.context).filter((row) => row.enabled).length);
export const selectReferenceListLoading = (s: ReferenceListSnapshot) => s.matches('loading');
export const selectReferenceListLoadFailed = (s: ReferenceListSnapshot) => s.matches('loadFailed');
export const selectReferenceListAlert = (s: ReferenceListSnapshot) => s.context.alert;
/** A call is on its way: every action waits (the table stays, its buttons busy). */
export const selectReferenceListBusy = (s: ReferenceListSnapshot) => s.hasTag('busy');

/** A row of the table, in Order, with what may be done to it. */
export interface ReferenceTableRow extends ReferenceRow {
  /** Its place, 1..n. */
  position: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/** What the search typed so far (issue 34). */
export const selectReferenceSearch = (s: ReferenceListSnapshot) => s.context.searchString;

/** A row matches a search when its name or one of its fields (a code) contains it, in any case. */
export function rowMatches(row: ReferenceRow, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('en-GB');
  if (wanted === '') return true;
  return [row.name, ...Object.values(row.values)].some((text) =>
    text.toLocaleLowerCase('en-GB').includes(wanted),
  );
}

const shownOf = new WeakMap<ReferenceTableRow[], { search: string; rows: ReferenceTableRow[] }>();
/**
 * The rows in their maintained Order (the order onboarding shows and every reorder changes),
 * those the search matches; each keeps its place in the whole list.
 */
export function selectReferenceRows(s: ReferenceListSnapshot): ReferenceTableRow[] {
  const table = allRows(s);
  const search = s.context.searchString;
  const last = shownOf.get(table);
  if (last?.search === search) return last.rows;
  const rows = search.trim() === '' ? table : table.filter((row) => rowMatches(row, search));
  shownOf.set(table, { search, rows });
  return rows;
}

/** A search matches none of the rows: 'No matches' instead of the table. */
export const selectReferenceNoMatches = (s: ReferenceListSnapshot) =>
  allRows(s).length > 0 && selectReferenceRows(s).length === 0;

const tableOf = new WeakMap<readonly ReferenceRow[], ReferenceTableRow[]>();
/** Every row in its maintained Order, its place and which way it may move. */
function allRows(s: ReferenceListSnapshot): ReferenceTableRow[] {
  const rows = rowsOf(s.context);
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
  const { request, draft } = s.context;
  if (!(s.matches('editing') || s.matches('saving')) || request === null) return null;
  return {
    mode: request.id === null ? 'create' : 'edit',
    values: draft ?? rowsOf(s.context).find((row) => row.id === request.id)?.values ?? null,
    busy: s.matches('saving'),
  };
}

/** The delete confirmation: the row's name, and whether the deletion is on its way. */
export function selectDeleteConfirmation(
  s: ReferenceListSnapshot,
): { name: string; busy: boolean } | null {
  if (!s.matches('confirmingDelete') && !s.matches('deleting')) return null;
  return { name: nameOf(s.context, s.context.request?.id), busy: s.matches('deleting') };
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
  const { request: change, kind } = s.context;
  const busy = s.matches('settingEnabled');
  if (change === null || !('value' in change) || change.value) return null;
  if (!(busy || s.matches('confirmingDisable'))) return null;
  return {
    title: t.disableTitle(t[kind].singular),
    text: t.disableQuestion(nameOf(s.context, change.id), t[kind].disableEffect),
    confirmLabel: busy ? t.disabling : t.disableConfirm,
    busy,
  };
}
