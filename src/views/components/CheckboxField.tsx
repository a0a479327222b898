import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
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

/**
 * 'I consent to receiving info to get me started' and 'I consent to receiving related product
 * marketing news' (Signup, Preferences), for a form whose values hold consentToHelpEmails and
 * consentToMarketingEmails.
 */
export function ConsentFields<T extends FieldValues>({
  register,
}: {
  register: UseFormRegister<T>;
}) {
  return (
    <>
      <CheckboxField
        label="I consent to receiving info to get me started (short help topics on app features)"
        {...register('consentToHelpEmails' as Path<T>)}
      />
      <CheckboxField
        label="I consent to receiving related product marketing news, updates & offers."
        {...register('consentToMarketingEmails' as Path<T>)}
      />
    </>
  );
}
