import type { ComponentPropsWithRef } from 'react';
import { FieldShell, fieldControlClass, splitFieldProps } from './FieldShell';
import own from './SelectField.module.css';

export interface SelectFieldOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: string;
  options: readonly SelectFieldOption[];
  error?: string | undefined;
  className?: string;
}

/** A labelled native <select>; spread react-hook-form's `register(name)` into it. */
export function SelectField({ options, ...props }: SelectFieldProps) {
  const [shell, selectProps] = splitFieldProps(props);
  return (
    <FieldShell {...shell} idPrefix="select">
      {(control) => (
        <select
          {...selectProps}
          {...control}
          className={fieldControlClass(shell.error, own.select)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
