import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { SignupAccountType } from '../../../contract/identity';
import { NAME_MAX } from '../../../contract/identity';
import { resolveMinimumPasswordLength } from '../../validation/password';
import {
  EMPTY_SIGNUP_FORM,
  createSignupFormStruct,
  signupFieldOrder,
  thirdPartySignupFields,
  toSignupSubmission,
  toThirdPartySignupSubmission,
} from '../../validation/signup';
import type {
  SignupFieldName,
  SignupFormValues,
  SignupSubmission,
  ThirdPartySignupSubmission,
} from '../../validation/signup';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { AgreementFields } from '../../views/components/AgreementFields';
import { ConsentFields } from '../../views/components/CheckboxField';
import type { EmailVerificationState } from '../../views/components/EmailVerificationField';
import type { HandleStatus } from '../../views/components/HandleField';
import { FormNewPasswordFields } from '../../views/components/NewPasswordFields';
import type { PhoneCountryOption } from '../../views/components/PhoneField';
import { Stepper } from '../../views/components/Stepper';
import { PersonFields } from '../../views/components/PersonFields';
import { useRuledForm } from '../../views/components/useRuledForm';
import { TextField } from '../../views/components/TextField';
import { ThirdPartyButton } from '../../views/components/ThirdPartyButton';
import styles from '../../views/layouts/AuthScreen.module.css';

/** An alert's messages, as the machine words them. */
export interface SignupAlert {
  messages: readonly string[];
}

/** The alerts the Signup screen can show (spec §8 Signup). */
export type SignupAlertKind =
  'formLoadError' | 'recaptchaError' | 'signupError' | 'thirdPartyError' | 'warning';

/** The email verification widget's part of the screen, from the emailVerification machine. */
export interface SignupEmailVerification {
  state: EmailVerificationState;
  email: string;
  errorMessages: readonly string[];
  showResend: boolean;
}

export interface SignupViewProps {
  /** /signup is 'Individual', /signup-charity is 'Charity' (companyName and the stepper). */
  accountType: SignupAccountType;
  /** The configuration's minimumPasswordLength (6 when missing or not a positive integer). */
  minimumPasswordLength: number;
  /** Today, for the 18-year rule and the date picker's bound; defaults to the first render's date. */
  today?: Date;
  /** The countries of the phone picker (default GB). */
  countries: readonly PhoneCountryOption[];
  /** The configuration's termsUrl and privacyPolicyUrl (opened in a new tab). */
  termsUrl: string;
  privacyPolicyUrl: string;

  emailVerification: SignupEmailVerification;
  onRequestCode: (email: string) => void;
  onSubmitCode: (code: string) => void;
  onResendCode: () => void;
  onChangeEmail: () => void;

  /** The handle check's state and its error text (status 'error'). */
  handleStatus: HandleStatus;
  handleMessage?: string | null;
  /** Every change of the handle input (the machine debounces and checks availability). */
  onHandleChange: (value: string) => void;

  /** True while the account is being created: 'Next' reads 'Creating Account...'. */
  submitting: boolean;
  /** 'Next' sends the form (the machine's selectCanSubmit). */
  canSubmit: boolean;
  /**
   * The machine's rules whose facts come from the widgets, as they stand now (email verified,
   * handle found available): shown once 'Next' was pressed, and followed live from then on.
   */
  ruleErrors: Partial<Record<SignupFieldName, string>>;
  /** The machine's field messages (e.g. email 'Please verify your email address.'). */
  fieldErrors?: Partial<Record<SignupFieldName, string>>;
  /** The field the machine wants focused (the first errored one); focused whenever it changes. */
  focusField?: SignupFieldName | null;
  /** Bump to focus `focusField` again when it is the same field as last time. */
  focusRequestId?: number;
  /** The form's rules passed, the email is verified and the handle is not taken. */
  onSubmit: (values: SignupSubmission) => void;

  /** 'Sign up with Google': the terms, privacy and (charity) company name are checked first. */
  onThirdPartySignup: (values: ThirdPartySignupSubmission) => void;
  thirdPartyBusy: boolean;
  /** An information line such as 'Account already exists, logging in...'. */
  thirdPartyNotice?: string | null;

  /** 'Form Load Error' (the captcha did not load). */
  formLoadError?: SignupAlert | null;
  /** 'ReCaptcha Error' ('Failed to generate ReCaptcha token, please refresh the page.'). */
  recaptchaError?: SignupAlert | null;
  /** 'Signup Error' with the server's messages (or the `error` query parameter's). */
  signupError?: SignupAlert | null;
  /** 'Signup Error' of the third-party sign-up. */
  thirdPartyError?: SignupAlert | null;
  /** A Warning answer's messages (nothing was created). */
  warning?: SignupAlert | null;
  /** When given, each alert gets a dismiss button. */
  onDismissAlert?: (alert: SignupAlertKind) => void;

  /** Set when the account was created but must be activated by the emailed link. */
  accountCreated?: { email: string } | null;
}

const alertTitles: Record<SignupAlertKind, string | undefined> = {
  formLoadError: 'Form Load Error',
  recaptchaError: 'ReCaptcha Error',
  signupError: 'Signup Error',
  thirdPartyError: 'Signup Error',
  warning: undefined,
};

/**
 * The Signup screen, /signup (Individual) and /signup-charity (Charity, with the stepper), spec
 * §2.3: every field in order, validated on 'Next' and then on every change (spec §5 Signup). The
 * email must be verified and the handle not taken; otherwise nothing is sent and the first
 * errored field is focused. What was typed stays through submitting and any error. When the
 * account needs activation, 'Account Created' / 'Verify & activate account' replaces the form.
 */
export function SignupView(props: SignupViewProps) {
  if (props.accountCreated) return <AccountCreated email={props.accountCreated.email} />;
  return <SignupForm {...props} />;
}

function SignupForm({
  accountType,
  minimumPasswordLength,
  today: todayProp,
  termsUrl,
  privacyPolicyUrl,
  submitting,
  canSubmit,
  ruleErrors,
  fieldErrors,
  focusField,
  focusRequestId,
  onSubmit,
  onThirdPartySignup,
  thirdPartyBusy,
  thirdPartyNotice,
  formLoadError,
  recaptchaError,
  signupError,
  thirdPartyError,
  warning,
  onDismissAlert,
  /** The person's widgets (handle check, email verification, phone countries), for PersonFields. */
  ...person
}: SignupViewProps) {
  const [firstRenderDate] = useState(() => new Date());
  const today = todayProp ?? firstRenderDate;
  const minimumLength = resolveMinimumPasswordLength(minimumPasswordLength);
  const resolver = useMemo(
    () => superstructResolver(createSignupFormStruct(accountType, minimumLength, today)),
    [accountType, minimumLength, today],
  );
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<SignupFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: EMPTY_SIGNUP_FORM,
  });
  // The two rules whose facts come from machines, shown once 'Next' was pressed and kept live.
  const { emailRef, formRef, message, submit, focusByName } = useRuledForm({
    errors,
    ruleErrors,
    fieldErrors,
    fieldOrder: signupFieldOrder,
    focusField,
    focusRequestId,
    handleSubmit,
    onValid: (values) => {
      if (canSubmit) onSubmit(toSignupSubmission(values, accountType));
    },
  });

  const startThirdParty = async () => {
    if (thirdPartyBusy) return;
    const fields = thirdPartySignupFields(accountType);
    const valid = await trigger(fields);
    if (!valid) {
      const first = fields.find((name) => control.getFieldState(name).invalid);
      if (first) focusByName(first);
      return;
    }
    onThirdPartySignup(toThirdPartySignupSubmission(getValues(), accountType));
  };

  const alerts: Array<[SignupAlertKind, SignupAlert | null | undefined]> = [
    ['formLoadError', formLoadError],
    ['recaptchaError', recaptchaError],
    ['signupError', signupError],
    ['thirdPartyError', thirdPartyError],
    ['warning', warning],
  ];
  const charity = accountType === 'Charity';
  const checklistId = 'signup-password-checklist';

  return (
    <div className={styles.screen}>
      <div className={`${styles.card} ${styles.wide}`}>
        {charity ? <Stepper current={0} /> : null}
        <header className={styles.header}>
          <h1 className={styles.title}>Create Account</h1>
          <p className={styles.lead}>
            {charity ? 'Charity / Organization' : 'Fund Raiser / Individual'}
          </p>
        </header>

        {alerts.map(([kind, alert]) =>
          alert ? (
            <Alert
              key={kind}
              level={kind === 'warning' ? 'Warning' : 'Danger'}
              title={alertTitles[kind]}
              messages={alert.messages}
              onDismiss={onDismissAlert ? () => onDismissAlert(kind) : undefined}
              dismissLabel={`Dismiss ${alertTitles[kind] ?? 'warning'}`}
            />
          ) : null,
        )}
        {thirdPartyNotice ? <Alert level="Info" messages={[thirdPartyNotice]} /> : null}

        <form
          ref={formRef}
          className={styles.form}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          {charity ? (
            <TextField
              label="Company name"
              autoComplete="organization"
              aria-required="true"
              maxLength={NAME_MAX}
              error={message('companyName')}
              {...register('companyName')}
            />
          ) : null}
          <PersonFields
            {...person}
            register={register}
            control={control}
            message={message}
            rowClassName={styles.row}
            today={today}
            emailRef={emailRef}
          />
          <FormNewPasswordFields
            register={register}
            control={control}
            passwordError={message('password')}
            confirmError={message('confirmPassword')}
            minimumLength={minimumLength}
            checklistId={checklistId}
          />

          <div className={styles.section}>
            <ConsentFields register={register} />
            <AgreementFields
              register={register}
              termsUrl={termsUrl}
              privacyPolicyUrl={privacyPolicyUrl}
              termsError={message('termsAccepted')}
              privacyPolicyError={message('privacyPolicyAccepted')}
            />
          </div>

          <Button
            type="submit"
            size="lg"
            fullWidth
            busy={submitting}
            busyText="Creating Account..."
          >
            Next
          </Button>
        </form>

        <p className={styles.divider}>or</p>
        <ThirdPartyButton
          label="Sign up with Google"
          busy={thirdPartyBusy}
          busyText="Signing up..."
          onClick={() => void startThirdParty()}
        />

        <p className={styles.links}>
          <span>
            Already have an account? <Link href="/login">Login</Link>
          </span>
        </p>
      </div>
    </div>
  );
}

/** 'Account Created' / 'Verify & activate account': replaces the form until the link is used. */
function AccountCreated({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <div className={styles.result}>
          <span className={styles.resultIcon}>
            <MailCheck aria-hidden="true" focusable="false" size={32} />
          </span>
          <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
            Account Created
          </h1>
          <h2 className={styles.subtitle}>Verify &amp; activate account</h2>
          <p>
            We have sent an email to <strong>{email}</strong> with a link to activate your account.
            Please open it to finish signing up, and check your spam or junk folder if it does not
            arrive.
          </p>
        </div>
        <p className={styles.links}>
          <span>
            Already activated? <Link href="/login">Login</Link>
          </span>
        </p>
      </div>
    </div>
  );
}
