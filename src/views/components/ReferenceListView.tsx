import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { RowAction } from './RowAction';
import { Button } from './Button';
import { Modal } from './Modal';
import { SearchField } from './SearchField';
import { Cell, DataTable } from './DataTable';
import { TextField } from './TextField';
import { cx } from '../utils/cx';
import { AccountPanel, type AccountAlert } from '../layouts/AccountPanel';
import accountStyles from '../layouts/AccountScreen.module.css';
import styles from './ReferenceListView.module.css';

/** A field of the form (and, with `column`, of the table). */
export interface ReferenceFieldView {
  name: string;
  label: string;
  hint?: string;
  maxLength: number;
  required: boolean;
  /** The message when the field is empty or breaks `pattern`. */
  message?: string;
  /** What a valid value looks like (a regular expression's source), checked on submit. */
  pattern?: string;
  upperCase?: boolean;
  /** The table's column heading, when the field has a column. */
  column?: string;
}

export interface ReferenceRowView {
  id: number;
  name: string;
  enabled: boolean;
  /** Its place in the maintained Order, 1..n. */
  position: number;
  values: Readonly<Record<string, string>>;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

export interface ReferenceListViewProps {
  title: string;
  /** What one row is called ('country'). */
  singular: string;
  fields: readonly ReferenceFieldView[];
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
  rows: readonly ReferenceRowView[];
  /** The line above the table ('3 rows, 2 enabled'). */
  summary: string;
  /** What the search holds; `rows` are the rows it matches (issue 34). */
  search: string;
  onSearch: (value: string) => void;
  /** The search matches no row: its 'no matches' text instead of the table. */
  noMatches: boolean;
  /** A call is on its way: the actions wait (aria-disabled, so focus stays where it is). */
  busy: boolean;
  form: {
    mode: 'create' | 'edit';
    values: Readonly<Record<string, string>> | null;
    busy: boolean;
  } | null;
  onCreate: () => void;
  onEdit: (id: number) => void;
  onSubmit: (values: Record<string, string>) => void;
  onCancelForm: () => void;
  onSetEnabled: (id: number, value: boolean) => void;
  onMove: (id: number, moveUp: boolean) => void;
  onMoveTo: (id: number, index: number) => void;
  onDelete: (id: number) => void;
  deleteConfirmation: { name: string; busy: boolean } | null;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
  /** Asked before a row is disabled; busy while the disable is on its way. */
  disableConfirmation: {
    title: string;
    text: string;
    confirmLabel: string;
    busy: boolean;
  } | null;
  onConfirmDisable: () => void;
  onCancelDisable: () => void;
}

/** A button of the screen: where focus goes back to, and which one shows the spinner. */
type ButtonKey = 'add' | `${'up' | 'down' | 'edit' | 'enabled' | 'delete'}:${number}`;

/**
 * A reference list's admin screen (issue 19): Product Categories, Countries or Currencies. The
 * rows in their maintained Order — the order every reorder changes — with their place, fields
 * and status; each can be edited, enabled or disabled, moved one place up or down (buttons, so
 * the keyboard can), dragged to another place, or deleted after a confirmation.
 *
 * Focus (keyboard users): while a call runs the buttons are aria-disabled, not disabled, so the
 * pressed one keeps focus; after a move, focus follows the moved row's button (its other move
 * button when it reached either end); the form takes focus when it opens, and Save or Cancel
 * gives it back to the row's Edit button (the Add button after a create).
 */
export function ReferenceListView(props: ReferenceListViewProps) {
  const { title, singular, rows, busy, form, fields } = props;
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const columns = fields.filter((field) => field.column !== undefined);
  /** The button last pressed: it shows the spinner while its call runs. */
  const [pressed, setPressed] = useState<ButtonKey | null>(null);
  /** Where focus goes once the call, the form or the dialog is over (null: leave it). */
  const focusAfter = useRef<ButtonKey | null>(null);
  const buttons = useRef(new Map<ButtonKey, HTMLButtonElement>());
  const buttonRef = (key: ButtonKey) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };
  const waiting =
    busy ||
    form !== null ||
    props.deleteConfirmation !== null ||
    props.disableConfirmation !== null;

  // A passive effect, so it runs after the dialog has closed (the dialog gives focus back first).
  useEffect(() => {
    const key = focusAfter.current;
    if (key === null || waiting) return;
    focusAfter.current = null;
    const element = focusTarget(buttons.current, key);
    const active = document.activeElement;
    // Focus is lost (the button was moved, disabled or removed), or still on that row: follow it.
    const lost = active === null || active === document.body;
    if (element && element !== active && (lost || element.closest('tr')?.contains(active))) {
      element.focus();
    }
  }, [rows, waiting]);

  /** A row's action: ignored while a call runs; focus comes back to `key` when it is over. */
  const act = (key: ButtonKey, action: () => void) => () => {
    if (busy) return;
    setPressed(key);
    focusAfter.current = key;
    action();
  };
  /** The pressed button shows the spinner; the others wait, focusable. */
  const waitFor = (key: ButtonKey) =>
    pressed === key ? { busy } : { 'aria-disabled': busy || undefined };

  /** Drops the dragged row at `index`, its place in the whole list (the search may hide rows). */
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    setDropTarget(null);
    if (dragged !== null && !busy) {
      setPressed(null);
      props.onMoveTo(dragged, index);
    }
    setDragged(null);
  };

  return (
    <AccountPanel
      title={title}
      wide
      lead="Disabled rows stay listed here but are offered to no one. Drag a row, or use its Up and Down buttons, to change the order."
      loading={props.loading}
      loadFailed={props.loadFailed}
      onRetry={props.onRetry}
      alert={props.alert}
      onDismissAlert={props.onDismissAlert}
    >
      {form ? (
        <ReferenceForm
          key={form.mode}
          singular={singular}
          fields={fields}
          form={form}
          onSubmit={props.onSubmit}
          onCancel={props.onCancelForm}
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <p className={styles.count}>{props.summary}</p>
            <Button
              ref={buttonRef('add')}
              icon={<Plus aria-hidden="true" focusable="false" size={18} />}
              onClick={act('add', props.onCreate)}
              {...waitFor('add')}
            >
              {`Add ${singular}`}
            </Button>
          </div>
          <div className={styles.filter}>
            <SearchField
              label={`Search ${title.toLowerCase()} by name or code`}
              value={props.search}
              maxLength={100}
              onChange={(event) => props.onSearch(event.target.value)}
            />
            <p className={styles.matches} role="status">
              {props.noMatches
                ? `No ${title.toLowerCase()} match \u2018${props.search.trim()}\u2019.`
                : props.search.trim() === ''
                  ? ''
                  : `${rows.length} shown.`}
            </p>
          </div>
          {props.noMatches ? null : (
            <DataTable label={`${title} list`} columnsFrom={36}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Drag</span>
                  </th>
                  <th scope="col">Order</th>
                  <th scope="col">Name</th>
                  {columns.map((field) => (
                    <th scope="col" key={field.name}>
                      {field.column}
                    </th>
                  ))}
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr
                    key={row.id}
                    draggable={!busy}
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      setDragged(row.id);
                    }}
                    onDragEnd={() => {
                      setDragged(null);
                      setDropTarget(null);
                    }}
                    onDragOver={(event) => {
                      if (dragged === null) return;
                      event.preventDefault();
                      setDropTarget(index);
                    }}
                    onDrop={(event) => drop(event, row.position - 1)}
                    className={cx(
                      !row.enabled && styles.disabledRow,
                      dragged === row.id && styles.dragged,
                      dropTarget === index && dragged !== row.id && styles.dropTarget,
                    )}
                  >
                    <Cell className={styles.grip} aria-hidden tableOnly>
                      <GripVertical focusable="false" size={16} />
                    </Cell>
                    <Cell label="Order">{row.position}</Cell>
                    <Cell rowHeader kind="title" className={styles.name}>
                      {row.name}
                    </Cell>
                    {columns.map((field) => (
                      <Cell key={field.name} label={field.column}>
                        {row.values[field.name] ?? ''}
                      </Cell>
                    ))}
                    <Cell label="Status">
                      <span className={cx(styles.badge, row.enabled ? styles.on : styles.off)}>
                        {row.enabled ? 'Enabled' : 'Disabled'}
                      </span>
                    </Cell>
                    <Cell kind="actions">
                      <RowAction
                        ref={buttonRef(`up:${row.id}`)}
                        icon={ArrowUp}
                        onClick={act(`up:${row.id}`, () => props.onMove(row.id, true))}
                        disabled={!row.canMoveUp}
                        {...waitFor(`up:${row.id}`)}
                        aria-label={`Up: move ${row.name} up`}
                      >
                        Up
                      </RowAction>
                      <RowAction
                        ref={buttonRef(`down:${row.id}`)}
                        icon={ArrowDown}
                        onClick={act(`down:${row.id}`, () => props.onMove(row.id, false))}
                        disabled={!row.canMoveDown}
                        {...waitFor(`down:${row.id}`)}
                        aria-label={`Down: move ${row.name} down`}
                      >
                        Down
                      </RowAction>
                      <RowAction
                        icon={Pencil}
                        ref={buttonRef(`edit:${row.id}`)}
                        onClick={act(`edit:${row.id}`, () => props.onEdit(row.id))}
                        {...waitFor(`edit:${row.id}`)}
                        aria-label={`Edit ${row.name}`}
                      >
                        Edit
                      </RowAction>
                      <Button
                        variant="ghost"
                        size="sm"
                        ref={buttonRef(`enabled:${row.id}`)}
                        onClick={act(`enabled:${row.id}`, () =>
                          props.onSetEnabled(row.id, !row.enabled),
                        )}
                        {...waitFor(`enabled:${row.id}`)}
                        aria-label={`${row.enabled ? 'Disable' : 'Enable'} ${row.name}`}
                      >
                        {row.enabled ? 'Disable' : 'Enable'}
                      </Button>
                      <RowAction
                        icon={Trash2}
                        ref={buttonRef(`delete:${row.id}`)}
                        onClick={act(`delete:${row.id}`, () => props.onDelete(row.id))}
                        {...waitFor(`delete:${row.id}`)}
                        aria-label={`Delete ${row.name}`}
                      >
                        Delete
                      </RowAction>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </>
      )}
      <Modal
        open={props.deleteConfirmation !== null}
        title={`Delete ${singular}`}
        buttons="OkCancel"
        tone="danger"
        okLabel={props.deleteConfirmation?.busy === true ? 'Deleting...' : 'Yes, Delete'}
        onClose={(result) => {
          if (result === 'ok') {
            if (props.deleteConfirmation?.busy !== true) props.onConfirmDelete();
          } else props.onCancelDelete();
        }}
      >
        <p>
          Delete &lsquo;{props.deleteConfirmation?.name}&rsquo;? It is taken out of the list for
          good and the others keep their order.
        </p>
      </Modal>
      <Modal
        open={props.disableConfirmation !== null}
        title={props.disableConfirmation?.title ?? ''}
        buttons="OkCancel"
        tone="danger"
        okLabel={props.disableConfirmation?.confirmLabel}
        onClose={(result) => {
          if (result === 'ok') {
            if (props.disableConfirmation?.busy !== true) props.onConfirmDisable();
          } else props.onCancelDisable();
        }}
      >
        <p>{props.disableConfirmation?.text}</p>
      </Modal>
    </AccountPanel>
  );
}

function ReferenceForm({
  singular,
  fields,
  form,
  onSubmit,
  onCancel,
}: {
  singular: string;
  fields: readonly ReferenceFieldView[];
  form: NonNullable<ReferenceListViewProps['form']>;
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Record<string, string>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: Object.fromEntries(
      fields.map((field) => [field.name, form.values?.[field.name] ?? '']),
    ),
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Opening the form takes focus to its first field (the table it replaced is gone).
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);
  const submit = handleSubmit((values) => {
    if (form.busy) return;
    onSubmit(values);
  });
  return (
    <form
      ref={formRef}
      className={accountStyles.form}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={headingId} className={accountStyles.sectionTitle}>
        {form.mode === 'create' ? `New ${singular}` : `Edit ${singular}`}
      </h2>
      {fields.map((field) => {
        const message = field.message ?? `Please enter the ${field.label.toLowerCase()}`;
        return (
          <TextField
            key={field.name}
            label={field.required ? field.label : `${field.label} (optional)`}
            hint={field.hint}
            aria-required={field.required ? 'true' : undefined}
            maxLength={field.maxLength}
            autoCapitalize={field.upperCase === true ? 'characters' : undefined}
            className={field.upperCase === true ? styles.code : undefined}
            error={errors[field.name]?.message}
            {...register(field.name, {
              validate: (value) => {
                const text = value.trim();
                const shown = field.upperCase === true ? text.toUpperCase() : text;
                if (field.required && text === '') return message;
                if (field.pattern !== undefined && text !== '') {
                  return new RegExp(field.pattern).test(shown) || message;
                }
                return true;
              },
            })}
          />
        );
      })}
      <div className={accountStyles.actions}>
        <Button type="submit" busy={form.busy} busyText="Saving...">
          {form.mode === 'create' ? `Add ${singular}` : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The button focus goes back to: a move button, or the row's other one when this one can no
 * longer act (the row reached the first or last place); the Add button when the row is gone.
 */
function focusTarget(
  buttons: ReadonlyMap<ButtonKey, HTMLButtonElement>,
  key: ButtonKey,
): HTMLButtonElement | undefined {
  const element = buttons.get(key);
  if (element && !element.disabled) return element;
  const [kind, id] = key.split(':');
  if (kind === 'up' || kind === 'down') {
    const other = buttons.get(`${kind === 'up' ? 'down' : 'up'}:${Number(id)}`);
    if (other && !other.disabled) return other;
  }
  return element ? undefined : buttons.get('add');
}
