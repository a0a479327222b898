import { useEffect, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import type { EmailVerificationFieldHandle } from './EmailVerificationField';

export interface RuledFormOptions<Values extends FieldValues, Name extends string> {
  /** react-hook-form's field errors (the form's own rules). */
  errors: FieldErrors<Values>;
  /** The machines' rules from the widgets as they stand (shown once the form was submitted). */
  ruleErrors: Partial<Record<Name, string>>;
  /** Errors the server or a machine put on fields (shown at once). */
  fieldErrors?: Partial<Record<Name, string>>;
  /** The fields in screen order: the first errored one takes the focus. */
  fieldOrder: readonly Name[];
  /** A field the machine asks to focus, again on each new request id. */
  focusField?: Name | null;
  focusRequestId?: number;
  handleSubmit: UseFormHandleSubmit<Values>;
  /** The form's values once no rule (the form's or the machines') is broken. */
  onValid: (values: Values) => void;
}

/** Focuses the form's field of this name; the email field through its handle. */
function focusNamed(
  form: HTMLFormElement | null,
  email: EmailVerificationFieldHandle | null,
  name: string,
) {
  if (name === 'email') email?.focus();
  else form?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
}

/**
 * A form whose rules come from react-hook-form and from machines (the handle check, the email
 * verification): each field's message, and a submit that, while any rule is broken, focuses the
 * first errored field in screen order instead of submitting. Focus is given at once (react-hook-
 * form's setFocus waits for a timer); every field has its name, and the email field its handle.
 */
export function useRuledForm<Values extends FieldValues, Name extends string>({
  errors,
  ruleErrors,
  fieldErrors,
  fieldOrder,
  focusField,
  focusRequestId,
  handleSubmit,
  onValid,
}: RuledFormOptions<Values, Name>) {
  const emailRef = useRef<EmailVerificationFieldHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempted, setAttempted] = useState(false);
  const liveErrors: Partial<Record<Name, string>> = {
    ...(attempted ? ruleErrors : {}),
    ...fieldErrors,
  };
  const message = (name: Name): string | undefined =>
    (errors[name as keyof FieldErrors<Values>]?.message as string | undefined) ?? liveErrors[name];

  const focusByName = (name: Name) => focusNamed(formRef.current, emailRef.current, name);
  const focusFirst = (formErrors: FieldErrors<Values>, extra: Partial<Record<Name, string>>) => {
    const first = fieldOrder.find(
      (name) => formErrors[name as keyof FieldErrors<Values>] !== undefined || extra[name],
    );
    if (first) focusByName(first);
    return first;
  };

  useEffect(() => {
    if (focusField) focusNamed(formRef.current, emailRef.current, focusField);
  }, [focusField, focusRequestId]);

  // handleSubmit's promise only carries the validation, whose outcome arrives in the callback:
  // the <form> fires it and forgets it (void).
  const submit = handleSubmit(
    (values) => {
      setAttempted(true);
      if (focusFirst({}, ruleErrors)) return;
      onValid(values);
    },
    (formErrors) => {
      setAttempted(true);
      focusFirst(formErrors, { ...ruleErrors, ...fieldErrors });
    },
  );

  return { emailRef, formRef, message, submit, focusByName };
}
