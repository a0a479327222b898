import { useState, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import { ScrollTable } from '../components/ScrollTable';
import { TextField } from '../components/TextField';
import { cx } from '../utils/cx';
import { AccountPanel, type AccountAlert } from './AccountPanel';
import accountStyles from './AccountScreen.module.css';
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
  /** A call is on its way: the actions wait. */
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
}

/**
 * A reference list's admin screen (issue 19): Product Categories, Countries or Currencies. The
 * rows in their maintained Order — the order every reorder changes — with their place, fields
 * and status; each can be edited, enabled or disabled, moved one place up or down (buttons, so
 * the keyboard can), dragged to another place, or deleted after a confirmation.
 */
export function ReferenceListView(props: ReferenceListViewProps) {
  const { title, singular, rows, busy, form, fields } = props;
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const columns = fields.filter((field) => field.column !== undefined);

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    setDropTarget(null);
    if (dragged !== null) props.onMoveTo(dragged, index);
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
            <p className={styles.count}>
              {rows.length} {rows.length === 1 ? 'row' : 'rows'},{' '}
              {rows.filter((row) => row.enabled).length} enabled
            </p>
            <Button
              icon={<Plus aria-hidden="true" focusable="false" size={18} />}
              onClick={props.onCreate}
              disabled={busy}
            >
              {`Add ${singular}`}
            </Button>
          </div>
          <ScrollTable label={`${title} list`}>
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
                  onDrop={(event) => drop(event, index)}
                  className={cx(
                    !row.enabled && styles.disabledRow,
                    dragged === row.id && styles.dragged,
                    dropTarget === index && dragged !== row.id && styles.dropTarget,
                  )}
                >
                  <td className={styles.grip} aria-hidden="true">
                    <GripVertical focusable="false" size={16} />
                  </td>
                  <td>{row.position}</td>
                  <th scope="row" className={styles.name}>
                    {row.name}
                  </th>
                  {columns.map((field) => (
                    <td key={field.name}>{row.values[field.name] ?? ''}</td>
                  ))}
                  <td>
                    <span className={cx(styles.badge, row.enabled ? styles.on : styles.off)}>
                      {row.enabled ? 'Enabled' : 'Disabled'}
                    </span>
                  </td>
                  <td>
                    <span className={styles.actions}>
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<ArrowUp aria-hidden="true" focusable="false" size={16} />}
                        onClick={() => props.onMove(row.id, true)}
                        disabled={busy || !row.canMoveUp}
                        aria-label={`Up: move ${row.name} up`}
                      >
                        Up
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<ArrowDown aria-hidden="true" focusable="false" size={16} />}
                        onClick={() => props.onMove(row.id, false)}
                        disabled={busy || !row.canMoveDown}
                        aria-label={`Down: move ${row.name} down`}
                      >
                        Down
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<Pencil aria-hidden="true" focusable="false" size={16} />}
                        onClick={() => props.onEdit(row.id)}
                        disabled={busy}
                        aria-label={`Edit ${row.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => props.onSetEnabled(row.id, !row.enabled)}
                        disabled={busy}
                        aria-label={`${row.enabled ? 'Disable' : 'Enable'} ${row.name}`}
                      >
                        {row.enabled ? 'Disable' : 'Enable'}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<Trash2 aria-hidden="true" focusable="false" size={16} />}
                        onClick={() => props.onDelete(row.id)}
                        disabled={busy}
                        aria-label={`Delete ${row.name}`}
                      >
                        Delete
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
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
  const submit = handleSubmit((values) => {
    if (form.busy) return;
    onSubmit(values);
  });
  return (
    <form className={accountStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <h2 className={accountStyles.sectionTitle}>
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
