import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { NAME_MAX } from '../../../contract/identity';
import { TextField } from './TextField';

export interface NameFieldsProps<T extends FieldValues> {
  /** The form the fields are part of (react-hook-form), whose values hold firstName and lastName. */
  register: UseFormRegister<T>;
  firstNameError?: string;
  lastNameError?: string;
  /** The class of the row that holds both names (the screen's layout). */
  rowClassName?: string;
}

/**
 * First and last name side by side, both required (spec §2.3 Signup, Personal Details, Users
 * and the Invitation form): the person's names wherever a form asks for them.
 */
export function NameFields<T extends FieldValues>({
  register,
  firstNameError,
  lastNameError,
  rowClassName,
}: NameFieldsProps<T>) {
  return (
    <div className={rowClassName}>
      <TextField
        label="First name"
        autoComplete="given-name"
        aria-required="true"
        maxLength={NAME_MAX}
        error={firstNameError}
        {...register('firstName' as Path<T>)}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        aria-required="true"
        maxLength={NAME_MAX}
        error={lastNameError}
        {...register('lastName' as Path<T>)}
      />
    </div>
  );
}
