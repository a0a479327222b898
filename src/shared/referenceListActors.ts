import { fromPromise } from 'xstate';
import {
  NAME_MAX,
  SYMBOL_MAX,
  referenceListTexts as t,
  type ReferenceListKind,
} from '../../contract/referenceLists';
import type { ReferenceFieldView } from '../views/components/ReferenceListView';
import type { ReferenceRow, ReferenceValues } from '../machines/referenceListMachine';
import { referenceListMachine } from '../machines/referenceListMachine';
import { createReferenceListApi, type ReferenceListShapes } from '../services/api/referenceLists';
import type { HttpClient } from '../services/http';

/** A form field of a reference list, with the contract's rule and message. */
export type ReferenceField = ReferenceFieldView;

const nameField: ReferenceField = {
  name: 'name',
  label: 'Name',
  maxLength: NAME_MAX,
  required: true,
  message: t.nameRequired,
};

/**
 * Each list's fields (issue 19; the contract's CountryFields, CurrencyFields, TopicFields), in
 * form order; the name first.
 */
export const referenceFields: Record<ReferenceListKind, readonly ReferenceField[]> = {
  countries: [
    nameField,
    {
      name: 'code',
      label: 'Code',
      hint: 'ISO 3166-1 alpha-2, e.g. GB',
      maxLength: 2,
      required: true,
      message: t.countryCodeInvalid,
      pattern: '^[A-Z]{2}$',
      upperCase: true,
      column: 'Code',
    },
    {
      name: 'callingCode',
      label: 'Calling code',
      hint: 'Digits only, without +, e.g. 44',
      maxLength: 4,
      required: true,
      message: t.callingCodeInvalid,
      pattern: '^[0-9]{1,4}$',
      column: 'Calling code',
    },
  ],
  currencies: [
    nameField,
    {
      name: 'code',
      label: 'Code',
      hint: 'ISO 4217, e.g. GBP',
      maxLength: 3,
      required: true,
      message: t.currencyCodeInvalid,
      pattern: '^[A-Z]{3}$',
      upperCase: true,
      column: 'Code',
    },
    {
      name: 'symbol',
      label: 'Symbol',
      hint: 'Shown before an amount, e.g. £ (optional)',
      maxLength: SYMBOL_MAX,
      required: false,
      column: 'Symbol',
    },
  ],
  topics: [nameField],
};

/** A contract row as the screen holds it: its fields as texts. */
function rowOf<K extends ReferenceListKind>(
  kind: K,
  item: ReferenceListShapes[K]['item'],
): ReferenceRow {
  const record = item as unknown as Record<string, unknown>;
  const values = Object.fromEntries(
    referenceFields[kind].map((field) => [field.name, String(record[field.name] ?? '')]),
  );
  return { id: item.id, name: item.name, order: item.order, enabled: item.enabled, values };
}

/** The submitted texts as the contract's fields (trimmed; codes in capitals). */
function fieldsOf<K extends ReferenceListKind>(
  kind: K,
  values: ReferenceValues,
): ReferenceListShapes[K]['fields'] {
  return Object.fromEntries(
    referenceFields[kind].map((field) => {
      const text = (values[field.name] ?? '').trim();
      return [field.name, field.upperCase === true ? text.toUpperCase() : text];
    }),
  ) as unknown as ReferenceListShapes[K]['fields'];
}

/** The reference list machine with the calls of `kind`'s list (a feature's entry starts it). */
export function referenceListLogic<K extends ReferenceListKind>(http: HttpClient, kind: K) {
  const api = createReferenceListApi(http, kind);
  const rows = (items: ReferenceListShapes[K]['item'][]) => items.map((item) => rowOf(kind, item));
  return referenceListMachine.provide({
    actors: {
      loadList: fromPromise(async () => rows(await api.list())),
      saveRow: fromPromise(async ({ input }) =>
        rowOf(
          kind,
          input.id === null
            ? await api.create(fieldsOf(kind, input.values))
            : await api.update(input.id, fieldsOf(kind, input.values)),
        ),
      ),
      setEnabled: fromPromise(async ({ input }) =>
        rowOf(kind, await api.setEnabled(input.id, input.value)),
      ),
      changeOrder: fromPromise(async ({ input }) =>
        rows(await api.changeOrder(input.id, input.moveUp)),
      ),
      moveToIndex: fromPromise(async ({ input }) =>
        rows(await api.moveOrderToIndex(input.id, input.index)),
      ),
      deleteRow: fromPromise(async ({ input }) => rows(await api.deleteAndReorder(input.id))),
    },
  });
}
