import type { ComponentPropsWithRef } from 'react';
import { isoDate } from '../../validation/signup';
import { TextField } from './TextField';

export interface DateOfBirthFieldProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'max'
> {
  /** Defaults to 'Date of birth'. */
  label?: string;
  error?: string | undefined;
  /** Today, for the picker's upper bound (no future dates are offered). */
  today: Date;
  className?: string;
}

/**
 * The date of birth as a native date input ('yyyy-MM-dd'): the browser's own accessible picker,
 * keyboard entry included. The 18-year rule is the form's (spec §5 Signup).
 */
export function DateOfBirthField({
  label = 'Date of birth',
  error,
  today,
  ...inputProps
}: DateOfBirthFieldProps) {
  return (
    <TextField
      {...inputProps}
      label={label}
      type="date"
      autoComplete="bday"
      min="1900-01-01"
      max={isoDate(today)}
      error={error}
    />
  );
}
