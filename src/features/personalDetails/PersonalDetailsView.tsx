import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { TriangleAlert } from 'lucide-react';
import {
  createPersonalDetailsFormStruct,
  personalDetailsFieldOrder,
  toPersonalDetailsSubmission,
} from '../../validation/account';
import type {
  PersonalDetailsFieldName,
  PersonalDetailsFormValues,
  PersonalDetailsSubmission,
} from '../../validation/account';
import { Button } from '../../views/components/Button';
import type { EmailVerificationState } from '../../views/components/EmailVerificationField';
import type { HandleStatus } from '../../views/components/HandleField';
import type { PhoneCountryOption } from '../../views/components/PhoneField';
import { PersonFields } from '../../views/components/PersonFields';
import { useRuledForm } from '../../views/components/useRuledForm';
import { AccountPanel } from '../../views/layouts/AccountPanel';
import type { AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';

export interface PersonalDetailsEmail {
  state: EmailVerificationState;
  email: string;
  errorMessages: readonly string[];
  showResend: boolean;
}

export interface PersonalDetailsViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  /** The saved details as the form's starting values (null until loaded). */
  initialValues: PersonalDetailsFormValues | null;
  /** Today, for the 18-year rule and the date picker's bound; defaults to the first render's date. */
  today?: Date;
  countries: readonly PhoneCountryOption[];

  emailVerification: PersonalDetailsEmail;
  onRequestCode: (email: string) => void;
  onSubmitCode: (code: string) => void;
  onResendCode: () => void;
  onChangeEmail: () => void;
  /** Every change of the typed address (the machine judges whether it must be verified). */
  onEmailInput: (email: string) => void;
  /**
   * 'Email requires confirmation': the sign-in address is not confirmed yet, or a new one
   * (`pendingEmail`) waits for its emailed link. Null when nothing waits.
   */
  emailConfirmation: { pendingEmail: string | null } | null;

  handleStatus: HandleStatus;
  handleMessage?: string | null;
  onHandleChange: (value: string) => void;

  saving: boolean;
  /** The machine's rules from the widgets as they stand (shown once Save was pressed). */
  ruleErrors: Partial<Record<PersonalDetailsFieldName, string>>;
  fieldErrors?: Partial<Record<PersonalDetailsFieldName, string>>;
  focusField?: PersonalDetailsFieldName | null;
  focusRequestId?: number;
  onSubmit: (values: PersonalDetailsSubmission) => void;

  alert: AccountAlert | null;
  onDismissAlert: () => void;
}

/** Personal Details (spec §2.3): the form once the saved details are loaded. */
export function PersonalDetailsView(props: PersonalDetailsViewProps) {
  const { initialValues } = props;
  return (
    <AccountPanel title="Personal Details" status={props}>
      {initialValues ? <PersonalDetailsForm {...props} initialValues={initialValues} /> : null}
    </AccountPanel>
  );
}

function PersonalDetailsForm({
  initialValues,
  today: todayProp,
  emailConfirmation,
  saving,
  ruleErrors,
  fieldErrors,
  focusField,
  focusRequestId,
  onSubmit,
  /** The person's widgets (handle check, email verification, phone countries), for PersonFields. */
  ...person
}: PersonalDetailsViewProps & { initialValues: PersonalDetailsFormValues }) {
  const [firstRenderDate] = useState(() => new Date());
  const today = todayProp ?? firstRenderDate;
  const resolver = useMemo(
    () => superstructResolver(createPersonalDetailsFormStruct(today)),
    [today],
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<PersonalDetailsFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: initialValues,
  });
  const { emailRef, formRef, message, submit } = useRuledForm({
    errors,
    ruleErrors,
    fieldErrors,
    fieldOrder: personalDetailsFieldOrder,
    focusField,
    focusRequestId,
    handleSubmit,
    onValid: (values) => {
      if (!saving) onSubmit(toPersonalDetailsSubmission(values));
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <PersonFields
        {...person}
        register={register}
        control={control}
        message={message}
        rowClassName={styles.row}
        today={today}
        emailRef={emailRef}
      />
      {emailConfirmation ? (
        <p className={styles.notice} role="status">
          <TriangleAlert aria-hidden="true" focusable="false" size={16} />
          <span>
            <strong>Email requires confirmation</strong>
            {emailConfirmation.pendingEmail
              ? `: we sent a link to ${emailConfirmation.pendingEmail}. Until it is opened, you keep logging in with your current address.`
              : ': open the link we emailed you to confirm this address.'}
          </span>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={saving} busyText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
