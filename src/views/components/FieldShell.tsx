import { useId } from 'react';
import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './FieldShell.module.css';

/** What the shell gives its control: spread it onto the <input>, <select> or <textarea>. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * 'stacked': label, hint, control, footer, error one under the other; 'inline': a checkbox with
 * its label beside it; 'group': several controls in a <fieldset> whose <legend> is the label.
 */
export type FieldShellLayout = 'stacked' | 'inline' | 'group';

export interface FieldShellProps {
  /** The control's id (the label's `for`); made from `idPrefix` and React's id when absent. */
  id?: string | undefined;
  /** The start of a made id, before React's id with its colons dropped. */
  idPrefix?: string;
  /** The visible label (a <label for> the control, or the group's <legend>). */
  label: ReactNode;
  layout?: FieldShellLayout;
  /** A help text (before the control; after it for 'inline'), linked with aria-describedby. */
  hint?: ReactNode;
  /** A line under the control (e.g. a live character counter), linked with aria-describedby. */
  footer?: ReactNode;
  /** The validation message: linked with aria-describedby, and the control is aria-invalid. */
  error?: string | null | undefined;
  /** aria-invalid without a message of the shell's own; defaults to whether there is an error. */
  invalid?: boolean;
  /** Ids that describe the control before the shell's own (e.g. a password checklist). */
  describedBy?: string | undefined;
  /** Ids that describe the control after the error (a live status line, other messages). */
  alsoDescribedBy?: ReadonlyArray<string | false | null | undefined>;
  /** What follows the error inside the field (e.g. a live status line). */
  after?: ReactNode;
  /** Class for the wrapper. */
  className?: string | undefined;
  /** Renders the control with the ids and ARIA attributes the shell gives it. */
  children: (control: FieldControlProps) => ReactNode;
}

/** What a field takes for its shell; the rest of its props go to its control. */
export interface FieldOwnProps {
  id?: string | undefined;
  label: ReactNode;
  hint?: ReactNode;
  footer?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  'aria-describedby'?: string | undefined;
}

/** Splits a field's props into its shell's (its control's own aria-describedby comes first). */
export function splitFieldProps<P extends FieldOwnProps>(props: P) {
  const {
    id,
    label,
    hint,
    footer,
    error,
    className,
    'aria-describedby': describedBy,
    ...control
  } = props;
  const shell = { id, label, hint, footer, error, describedBy, className };
  return [shell, control] as const;
}

/** The class of a text-like control (input, select, textarea), with the invalid look. */
export function fieldControlClass(invalid: unknown, ...more: Array<string | false | undefined>) {
  return cx(styles.control, Boolean(invalid) && styles.invalid, ...more);
}

export interface FieldErrorProps {
  id: string;
  /** A message, or several (e.g. a list). */
  children: ReactNode;
  /** 'alert' for messages that arrive while the person is elsewhere. */
  role?: 'alert';
  className?: string | undefined;
}

/** A field's message: the alert icon and the text, in the danger colour. */
export function FieldError({ id, children, role, className }: FieldErrorProps) {
  const Element = role ? 'div' : 'p';
  return (
    <Element id={id} role={role} className={cx(styles.error, className)}>
      <CircleAlert aria-hidden="true" focusable="false" size={16} className={styles.errorIcon} />
      {typeof children === 'string' ? <span>{children}</span> : children}
    </Element>
  );
}

/**
 * The one wrapper of every field (design §4 Views): the label tied to the control, the optional
 * hint and footer, and the error, each linked to the control with aria-describedby; the control
 * is aria-invalid while there is an error. The field renders only its control, from the ids and
 * attributes the shell hands it.
 */
export function FieldShell({
  id,
  idPrefix = 'field',
  label,
  layout = 'stacked',
  hint,
  footer,
  error,
  invalid,
  describedBy,
  alsoDescribedBy = [],
  after,
  className,
  children,
}: FieldShellProps) {
  const generatedId = useId();
  const controlId = id ?? `${idPrefix}${generatedId.replace(/:/g, '')}`;
  const hintId = `${controlId}-hint`;
  const footerId = `${controlId}-footer`;
  const errorId = `${controlId}-error`;
  const describedByIds = [
    describedBy,
    hint ? hintId : undefined,
    footer ? footerId : undefined,
    error ? errorId : undefined,
    ...alsoDescribedBy,
  ]
    .filter(Boolean)
    .join(' ');
  const control = children({
    id: controlId,
    'aria-describedby': describedByIds || undefined,
    'aria-invalid': (invalid ?? Boolean(error)) ? true : undefined,
  });

  const hintLine = hint ? (
    <p id={hintId} className={styles.hint}>
      {hint}
    </p>
  ) : null;
  const footerLine = footer ? (
    <div id={footerId} className={styles.footer}>
      {footer}
    </div>
  ) : null;
  const errorLine = error ? (
    <FieldError id={errorId} className={layout === 'inline' ? styles.inlineError : undefined}>
      {error}
    </FieldError>
  ) : null;

  if (layout === 'group') {
    return (
      <fieldset className={cx(styles.field, styles.group, className)}>
        <legend className={cx(styles.label, styles.legend)}>{label}</legend>
        {hintLine}
        {control}
        {footerLine}
        {errorLine}
        {after}
      </fieldset>
    );
  }
  if (layout === 'inline') {
    return (
      <div className={cx(styles.field, className)}>
        <div className={styles.inline}>
          {control}
          <label htmlFor={controlId} className={styles.inlineLabel}>
            {label}
          </label>
        </div>
        {hintLine}
        {footerLine}
        {errorLine}
        {after}
      </div>
    );
  }
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {hintLine}
      {control}
      {footerLine}
      {errorLine}
      {after}
    </div>
  );
}
