import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { CheckboxField } from './CheckboxField';
import { NewTabLink } from './NewTabLink';

export interface AgreementFieldsProps<T extends FieldValues> {
  /** The form the boxes are part of, whose values hold termsAccepted and privacyPolicyAccepted. */
  register: UseFormRegister<T>;
  /** The configuration's termsUrl and privacyPolicyUrl (opened in a new tab). */
  termsUrl: string;
  privacyPolicyUrl: string;
  termsError?: string;
  privacyPolicyError?: string;
}

/** 'I accept the terms of service' and 'I accept the privacy policy' (Signup, Invitation). */
export function AgreementFields<T extends FieldValues>({
  register,
  termsUrl,
  privacyPolicyUrl,
  termsError,
  privacyPolicyError,
}: AgreementFieldsProps<T>) {
  return (
    <>
      <CheckboxField
        label={
          <>
            I accept the <NewTabLink href={termsUrl}>terms of service</NewTabLink>
          </>
        }
        aria-required="true"
        error={termsError}
        {...register('termsAccepted' as Path<T>)}
      />
      <CheckboxField
        label={
          <>
            I accept the <NewTabLink href={privacyPolicyUrl}>privacy policy</NewTabLink>
          </>
        }
        aria-required="true"
        error={privacyPolicyError}
        {...register('privacyPolicyAccepted' as Path<T>)}
      />
    </>
  );
}
