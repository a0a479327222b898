import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { CircleX, Info, MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { EMAIL_MAX, PASSWORD_MAX } from '../../../contract/identity';
import { INVITATION_MESSAGE_MAX } from '../../../contract/team';
import {
  acceptanceFieldOrder,
  createAcceptanceFormStruct,
  type AcceptanceFormValues,
} from '../../validation/team';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { NameFields } from '../../views/components/NameFields';
import { AgreementFields } from '../../views/components/AgreementFields';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { FormNewPasswordFields } from '../../views/components/NewPasswordFields';
import { TextAreaField } from '../../views/components/TextAreaField';
import { CurrentPasswordField, TextField } from '../../views/components/TextField';
import { ThirdPartyButton } from '../../views/components/ThirdPartyButton';
import styles from '../../views/layouts/AuthScreen.module.css';

export type InvitationViewState =
  | 'loading'
  | 'loadFailed'
  | 'invalid'
  | 'notPending'
  | 'accept'
  | 'decline'
  | 'declined'
  | 'verifyByEmail'
  | 'signedIn';

export interface InvitationDetails {
  accountName: string;
  invitedByUserFullName: string;
  invitedByUserEmail: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface InvitationViewProps {
  state: InvitationViewState;
  invitation: InvitationDetails | null;
  /** 'This invitation has already been {status}.' */
  alreadyText: string | null;
  invalidMessages: readonly string[];
  alert: { title: string; messages: readonly string[] } | null;
  onDismissAlert: () => void;
  onRetry: () => void;
  emailEditable: boolean;
  existingAccount: boolean;
  minimumPasswordLength: number;
  termsUrl: string;
  privacyPolicyUrl: string;
  accepting: boolean;
  declining: boolean;
  onAccept: (values: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
  }) => void;
  onAcceptWithGoogle: () => void;
  thirdPartyBusy: boolean;
  onDeclineStart: () => void;
  onDeclineCancel: () => void;
  onDecline: (message: string) => void;
}

/** The invitation page, /invitation/{key} (spec §2.3 Invitation, §4, §8). */
export function InvitationView(props: InvitationViewProps) {
  const { state, invitation } = props;
  return (
    <div className={styles.screen}>
      <div className={`${styles.card} ${styles.wide}`}>
        {state === 'loading' || state === 'signedIn' ? <LoadingIndicator /> : null}
        {state === 'loadFailed' ? (
          <>
            <Alert level="Danger" title={props.alert?.title} messages={props.alert?.messages} />
            <Button onClick={props.onRetry}>Try again</Button>
          </>
        ) : null}
        {state === 'invalid' ? (
          <Result title="Invalid Invitation" text={props.invalidMessages.join(' ')} tone="danger" />
        ) : null}
        {state === 'notPending' ? (
          <Result title="Invitation" text={props.alreadyText ?? ''} tone="info" />
        ) : null}
        {state === 'declined' ? (
          <Result title="Invitation Declined" text="Thank you for letting us know." tone="info" />
        ) : null}
        {state === 'verifyByEmail' ? (
          <Result
            title="Invitation Accepted"
            text="We have sent you an email with a link to activate your account. Please open it, then log in."
            tone="success"
          />
        ) : null}
        {(state === 'accept' || state === 'decline') && invitation ? (
          <>
            <header className={styles.header}>
              <h1 className={styles.title}>Join {invitation.accountName}</h1>
              <p className={styles.lead}>
                {invitation.invitedByUserFullName} ({invitation.invitedByUserEmail}) invited you to
                join {invitation.accountName}.
              </p>
            </header>
            {props.alert ? (
              <Alert
                level="Danger"
                title={props.alert.title}
                messages={props.alert.messages}
                onDismiss={props.onDismissAlert}
                dismissLabel="Dismiss message"
              />
            ) : null}
            {state === 'accept' ? (
              <AcceptForm {...props} invitation={invitation} />
            ) : (
              <DeclineForm {...props} />
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}

/** An icon that says what the result is: a mail sent, something wrong, or a plain fact. */
const resultIcons = { success: MailCheck, danger: CircleX, info: Info } as const;
const resultIconClasses = {
  success: styles.resultIcon,
  danger: styles.resultIconDanger,
  info: styles.resultIconInfo,
} as const;

function Result({
  title,
  text,
  tone,
}: {
  title: string;
  text: string;
  tone: 'danger' | 'info' | 'success';
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const Icon = resultIcons[tone];
  return (
    <div className={styles.result} data-tone={tone}>
      <span className={resultIconClasses[tone]}>
        <Icon aria-hidden="true" focusable="false" size={32} />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      <p>{text}</p>
      <p className={styles.links}>
        <Link href="/login">Login</Link>
      </p>
    </div>
  );
}

function AcceptForm({
  invitation,
  emailEditable,
  existingAccount,
  minimumPasswordLength,
  termsUrl,
  privacyPolicyUrl,
  accepting,
  onAccept,
  onAcceptWithGoogle,
  thirdPartyBusy,
  onDeclineStart,
}: InvitationViewProps & { invitation: InvitationDetails }) {
  const resolver = useMemo(
    () => superstructResolver(createAcceptanceFormStruct(minimumPasswordLength, existingAccount)),
    [minimumPasswordLength, existingAccount],
  );
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    trigger,
    formState: { errors },
  } = useForm<AcceptanceFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      email: invitation.email,
      password: '',
      confirmPassword: '',
      termsAccepted: false,
      privacyPolicyAccepted: false,
    },
  });
  const submit = handleSubmit(
    (values) => {
      if (accepting) return;
      onAccept({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
      });
    },
    (formErrors) => {
      const first = acceptanceFieldOrder.find((name) => formErrors[name] !== undefined);
      if (first) setFocus(first);
    },
  );
  const google = async () => {
    if (thirdPartyBusy) return;
    if (await trigger(['termsAccepted', 'privacyPolicyAccepted'])) onAcceptWithGoogle();
  };
  return (
    <>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <NameFields
          register={register}
          firstNameError={errors.firstName?.message}
          lastNameError={errors.lastName?.message}
          rowClassName={styles.row}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          aria-required="true"
          maxLength={EMAIL_MAX}
          readOnly={!emailEditable}
          hint={emailEditable ? undefined : 'This invitation is for this address.'}
          error={errors.email?.message}
          {...register('email')}
        />
        {existingAccount ? (
          <CurrentPasswordField
            maxLength={PASSWORD_MAX}
            hint="You already have an account: enter its password."
            error={errors.password?.message}
            {...register('password')}
          />
        ) : (
          <FormNewPasswordFields
            register={register}
            control={control}
            passwordError={errors.password?.message}
            confirmError={errors.confirmPassword?.message}
            minimumLength={minimumPasswordLength}
            checklistId="invitation-password-checklist"
          />
        )}
        <div className={styles.section}>
          <AgreementFields
            register={register}
            termsUrl={termsUrl}
            privacyPolicyUrl={privacyPolicyUrl}
            termsError={errors.termsAccepted?.message}
            privacyPolicyError={errors.privacyPolicyAccepted?.message}
          />
        </div>
        <Button type="submit" size="lg" fullWidth busy={accepting} busyText="Accepting...">
          Accept Invitation
        </Button>
      </form>
      <p className={styles.divider}>or</p>
      <ThirdPartyButton
        label="Accept with Google"
        busy={thirdPartyBusy}
        busyText="Accepting..."
        onClick={() => void google()}
      />
      <p className={styles.links}>
        <Button variant="ghost" onClick={onDeclineStart}>
          Decline invitation
        </Button>
      </p>
    </>
  );
}

function DeclineForm({ declining, onDecline, onDeclineCancel }: InvitationViewProps) {
  const [message, setMessage] = useState('');
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!declining) onDecline(message);
      }}
    >
      <TextAreaField
        label="Reason (optional)"
        rows={3}
        maxLength={INVITATION_MESSAGE_MAX}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <Button type="submit" variant="danger" busy={declining} busyText="Declining...">
        Decline Invitation
      </Button>
      <Button variant="secondary" onClick={onDeclineCancel}>
        Back
      </Button>
    </form>
  );
}
