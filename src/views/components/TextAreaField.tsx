import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldShell, fieldControlClass, splitFieldProps } from './FieldShell';
import own from './TextAreaField.module.css';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  /** The visible label, tied to the textarea with <label for>. */
  label: string;
  /** The validation message; marks the textarea aria-invalid and is linked with aria-describedby. */
  error?: string | undefined;
  /** A line under the textarea (e.g. a live character counter), linked with aria-describedby. */
  footer?: ReactNode;
  className?: string;
}

/** A labelled multi-line text input; spread react-hook-form's `register(name)` into it. */
export function TextAreaField(props: TextAreaFieldProps) {
  const [shell, textareaProps] = splitFieldProps(props);
  return (
    <FieldShell {...shell} idPrefix="textarea">
      {(control) => (
        <textarea
          {...textareaProps}
          {...control}
          className={fieldControlClass(shell.error, own.textarea)}
        />
      )}
    </FieldShell>
  );
}
