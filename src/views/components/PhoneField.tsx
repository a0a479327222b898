import { useId } from 'react';
import type { ChangeEvent, Ref } from 'react';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { Country } from '../../../contract/lists';
import { phoneValue } from '../../validation/phone';
import type { PhoneValue } from '../../validation/phone';
import { FieldShell, fieldControlClass } from './FieldShell';
import styles from './PhoneField.module.css';

/** A country of the picker (the contract's Country carries more; these three are enough). */
export type PhoneCountryOption = Pick<Country, 'code' | 'name' | 'callingCode'>;

export interface PhoneFieldProps {
  /** The group's visible name; defaults to 'Phone'. */
  label?: string;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
  /** The countries list (sorted by name, spec §7.2); the current country is kept if absent. */
  countries: readonly PhoneCountryOption[];
  /** The chosen country, the typed number and its E.164 form. */
  value: PhoneValue;
  /** Called with the new country / number and its E.164 form ('' when it does not parse). */
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  /** The validation message ('Please enter a valid phone number'). */
  error?: string | undefined;
  /** Goes to the number input (react-hook-form's Controller ref, so the field can be focused). */
  ref?: Ref<HTMLInputElement>;
  name?: string;
  className?: string;
}

function fallbackOption(code: string): PhoneCountryOption {
  return {
    code,
    name: code,
    callingCode: isSupportedCountry(code) ? getCountryCallingCode(code) : '',
  };
}

/**
 * A phone number with a country picker (spec §2.3, default GB): a native <select> of countries
 * with their calling codes beside a telephone input, grouped by a fieldset. Every change is
 * parsed with libphonenumber-js and reported with its E.164 form.
 */
export function PhoneField({
  label = 'Phone',
  optional = false,
  countries,
  value,
  onChange,
  onBlur,
  error,
  ref,
  name,
  className,
}: PhoneFieldProps) {
  const baseId = `phone${useId().replace(/:/g, '')}`;
  const selectId = `${baseId}-country`;
  const inputId = `${baseId}-number`;
  const options = countries.some((country) => country.code === value.country)
    ? countries
    : [fallbackOption(value.country), ...countries];

  const changeCountry = (event: ChangeEvent<HTMLSelectElement>) => {
    onChange(phoneValue(event.target.value, value.national));
  };
  const changeNumber = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(phoneValue(value.country, event.target.value));
  };

  return (
    <FieldShell
      id={inputId}
      layout="group"
      label={
        <>
          {label}
          {optional ? (
            <>
              {' '}
              <span className={styles.optional}>(optional)</span>
            </>
          ) : null}
        </>
      }
      error={error}
      className={className}
    >
      {(control) => (
        <div className={styles.row}>
          <label htmlFor={selectId} className="visually-hidden">
            Country
          </label>
          <select
            id={selectId}
            className={fieldControlClass(false, styles.country)}
            value={value.country}
            onChange={changeCountry}
            onBlur={onBlur}
            autoComplete="tel-country-code"
          >
            {options.map((country) => (
              <option key={country.code} value={country.code}>
                {country.callingCode ? `${country.name} (+${country.callingCode})` : country.name}
              </option>
            ))}
          </select>
          <label htmlFor={control.id} className="visually-hidden">
            Phone number
          </label>
          <input
            ref={ref}
            {...control}
            name={name}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className={fieldControlClass(error, styles.number)}
            value={value.national}
            onChange={changeNumber}
            onBlur={onBlur}
          />
        </div>
      )}
    </FieldShell>
  );
}
