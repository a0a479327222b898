import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../utils/cx';
import { FieldShell, splitFieldProps } from './FieldShell';
import styles from './CheckboxField.module.css';

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** The label; may hold links (e.g. to the terms of service). */
  label: ReactNode;
  /** A help text under the box, linked with aria-describedby. */
  hint?: ReactNode;
  /** The validation message; marks the box aria-invalid and is linked with aria-describedby. */
  error?: string | undefined;
  className?: string;
}

/**
 * A native checkbox with its label beside it. Spread react-hook-form's `register(name)` into it
 * (the `ref` goes to the <input>, so focusing the first errored field works).
 */
export function CheckboxField(props: CheckboxFieldProps) {
  const [shell, inputProps] = splitFieldProps(props);
  return (
    <FieldShell {...shell} idPrefix="checkbox" layout="inline">
      {(control) => (
        <input
          {...inputProps}
          {...control}
          type="checkbox"
          className={cx(styles.box, shell.error && styles.invalid)}
        />
      )}
    </FieldShell>
  );
}
