import { useWatch } from 'react-hook-form';
import type { Control, Path, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MAX } from '../../../contract/identity';
import { PasswordChecklist } from './PasswordChecklist';
import { TextField } from './TextField';

export interface NewPasswordFieldsProps {
  /** 'Password' (signup, change password) or 'New password' (the reset link). */
  passwordLabel?: string;
  /** react-hook-form's `register('password', { deps: ['confirmPassword'] })`. */
  passwordField: UseFormRegisterReturn;
  /** react-hook-form's `register('confirmPassword')`. */
  confirmField: UseFormRegisterReturn;
  passwordError?: string | undefined;
  confirmError?: string | undefined;
  /** The values as typed, for the live checklist. */
  password: string;
  confirmPassword: string;
  minimumLength: number;
  /** The checklist's id (the password field is described by it). */
  checklistId: string;
}

/**
 * A new password, its confirmation and the live checklist under them (spec §2.3 Signup, Change
 * Password, and the reset link): the same three everywhere a password is chosen.
 */
export function NewPasswordFields({
  passwordLabel = 'Password',
  passwordField,
  confirmField,
  passwordError,
  confirmError,
  password,
  confirmPassword,
  minimumLength,
  checklistId,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        data-private
        autoComplete="new-password"
        aria-required="true"
        maxLength={PASSWORD_MAX}
        aria-describedby={checklistId}
        error={passwordError}
        {...passwordField}
      />
      <TextField
        label="Confirm password"
        type="password"
        data-private
        autoComplete="new-password"
        aria-required="true"
        maxLength={PASSWORD_MAX}
        error={confirmError}
        {...confirmField}
      />
      <PasswordChecklist
        id={checklistId}
        password={password}
        confirmPassword={confirmPassword}
        minimumLength={minimumLength}
      />
    </>
  );
}

export interface FormNewPasswordFieldsProps<
  T extends { password: string; confirmPassword: string },
> extends Omit<
  NewPasswordFieldsProps,
  'passwordField' | 'confirmField' | 'password' | 'confirmPassword'
> {
  /** The form the fields are part of (react-hook-form), with `password` and `confirmPassword`. */
  register: UseFormRegister<T>;
  control: Control<T>;
}

/**
 * The new password's fields of a react-hook-form form: registered (the confirmation re-checked
 * when the password changes) and watched for the live checklist.
 */
export function FormNewPasswordFields<T extends { password: string; confirmPassword: string }>({
  register,
  control,
  ...fields
}: FormNewPasswordFieldsProps<T>) {
  const password = 'password' as Path<T>;
  const confirmPassword = 'confirmPassword' as Path<T>;
  const [typed, confirmation] = useWatch({ control, name: [password, confirmPassword] }) as [
    string,
    string,
  ];
  return (
    <NewPasswordFields
      {...fields}
      passwordField={register(password, { deps: [confirmPassword] })}
      confirmField={register(confirmPassword)}
      password={typed}
      confirmPassword={confirmation}
    />
  );
}
