import type { ComponentPropsWithRef } from 'react';
import { FieldShell, fieldControlClass, splitFieldProps } from './FieldShell';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  /** The visible label, tied to the input with <label for>. */
  label: string;
  /** The validation message; marks the input aria-invalid and is linked with aria-describedby. */
  error?: string | undefined;
  /** A help text under the label, also linked with aria-describedby. */
  hint?: string;
  /** Class for the wrapper. */
  className?: string;
}

/**
 * A labelled text input. Spread react-hook-form's `register(name)` into it: the `ref` prop is
 * passed to the <input> (React 19 passes `ref` as an ordinary prop to function components).
 */
export function TextField({ type = 'text', ...props }: TextFieldProps) {
  const [shell, inputProps] = splitFieldProps(props);
  return (
    <FieldShell {...shell}>
      {(control) => (
        <input
          {...inputProps}
          {...control}
          type={type}
          className={fieldControlClass(shell.error)}
        />
      )}
    </FieldShell>
  );
}

/** The sign-in email input (Login, Forgotten Password): required, with the email keyboard. */
export function EmailField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      aria-required="true"
      {...props}
    />
  );
}

/**
 * The input of a password the person already has (Login, Change Password, an invitation to an
 * existing account): required, kept out of session recordings, filled by password managers.
 */
export function CurrentPasswordField({
  label = 'Password',
  ...props
}: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="password"
      data-private
      autoComplete="current-password"
      aria-required="true"
      {...props}
    />
  );
}
