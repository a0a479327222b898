import type { Ref } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, Path, UseFormRegister } from 'react-hook-form';
import type { PersonalDetailsFormValues } from '../../validation/account';
import type { PhoneValue } from '../../validation/phone';
import { DateOfBirthField } from './DateOfBirthField';
import { EmailVerificationField } from './EmailVerificationField';
import type {
  EmailVerificationFieldHandle,
  EmailVerificationState,
} from './EmailVerificationField';
import { HandleField } from './HandleField';
import { NameFields } from './NameFields';
import type { HandleStatus } from './HandleField';
import { PhoneField } from './PhoneField';
import type { PhoneCountryOption } from './PhoneField';

/** The person's fields (spec §2.3 Signup and Personal Details), and the email address. */
export type PersonFieldName = keyof PersonalDetailsFormValues | 'email';

export interface PersonFieldsProps<T extends PersonalDetailsFormValues> {
  /** The form the fields are part of (react-hook-form), whose values hold the person's. */
  register: UseFormRegister<T>;
  control: Control<T>;
  /** A field's error to show, if any. */
  message: (name: PersonFieldName) => string | undefined;
  /** The class of the first and last names' row (the screen's layout). */
  rowClassName?: string;
  countries: readonly PhoneCountryOption[];
  /** Today, for the date of birth's 18-year rule and the date picker's bound. */
  today: Date;
  handleStatus: HandleStatus;
  handleMessage?: string | null;
  onHandleChange: (value: string) => void;
  emailRef: Ref<EmailVerificationFieldHandle>;
  emailVerification: {
    state: EmailVerificationState;
    email: string;
    errorMessages: readonly string[];
    showResend: boolean;
  };
  onRequestCode: (email: string) => void;
  onSubmitCode: (code: string) => void;
  onResendCode: () => void;
  onChangeEmail: () => void;
  /** Every change of the typed address, where the screen needs it. */
  onEmailInput?: (email: string) => void;
}

/**
 * First and last name, phone, date of birth, handle and the verified email address: the block
 * the Signup form and the Personal Details form share, in the spec's order.
 */
export function PersonFields<T extends PersonalDetailsFormValues>({
  register,
  control,
  message,
  rowClassName,
  countries,
  today,
  handleStatus,
  handleMessage,
  onHandleChange,
  emailRef,
  emailVerification,
  onRequestCode,
  onSubmitCode,
  onResendCode,
  onChangeEmail,
  onEmailInput,
}: PersonFieldsProps<T>) {
  // The person's fields are named alike in every form that holds them.
  const name = (field: keyof PersonalDetailsFormValues) => field as Path<T>;
  return (
    <>
      <NameFields
        register={register}
        firstNameError={message('firstName')}
        lastNameError={message('lastName')}
        rowClassName={rowClassName}
      />
      <Controller
        control={control}
        name={name('phone')}
        render={({ field }) => (
          <PhoneField
            optional
            countries={countries}
            value={field.value as PhoneValue}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            error={message('phone')}
          />
        )}
      />
      <DateOfBirthField
        today={today}
        aria-required="true"
        error={message('dateOfBirth')}
        {...register(name('dateOfBirth'))}
      />
      <Controller
        control={control}
        name={name('handle')}
        render={({ field }) => (
          <HandleField
            value={field.value as string}
            status={handleStatus}
            message={handleMessage}
            error={message('handle')}
            onChange={(value) => {
              field.onChange(value);
              onHandleChange(value);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
          />
        )}
      />
      <EmailVerificationField
        ref={emailRef}
        state={emailVerification.state}
        email={emailVerification.email}
        errorMessages={emailVerification.errorMessages}
        showResend={emailVerification.showResend}
        error={message('email')}
        onRequestCode={onRequestCode}
        onSubmitCode={onSubmitCode}
        onResend={onResendCode}
        onChangeEmail={onChangeEmail}
        onEmailInput={onEmailInput}
      />
    </>
  );
}
