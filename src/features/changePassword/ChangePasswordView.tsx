import { Info } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { PASSWORD_MAX } from '../../../contract/identity';
import {
  EMPTY_CHANGE_PASSWORD_FORM,
  changePasswordFieldOrder,
  createChangePasswordFormStruct,
  toChangePasswordSubmission,
} from '../../validation/account';
import type { ChangePasswordFormValues, ChangePasswordSubmission } from '../../validation/account';
import { Button } from '../../views/components/Button';
import { FormNewPasswordFields } from '../../views/components/NewPasswordFields';
import { CurrentPasswordField } from '../../views/components/TextField';
import { AccountPanel } from '../../views/layouts/AccountPanel';
import type { AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';

export interface ChangePasswordViewProps {
  /** Why the form is not offered (e.g. while a host impersonates the person), else null. */
  unavailable: string | null;
  /** The configuration's minimumPasswordLength (the checklist and the rules). */
  minimumPasswordLength: number;
  saving: boolean;
  onSubmit: (values: ChangePasswordSubmission) => void;
  /** Bumps after each successful change: the form is emptied. */
  resetKey: number;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
}

/**
 * Change Password (spec §2.3, §5): current password, password and confirm password with the
 * live checklist shared with signup. What was typed stays through a failure; a success empties
 * the form. When the machine says the form is not offered, a note says why instead.
 */
export function ChangePasswordView({
  unavailable,
  minimumPasswordLength,
  saving,
  onSubmit,
  resetKey,
  alert,
  onDismissAlert,
}: ChangePasswordViewProps) {
  const resolver = useMemo(
    () => superstructResolver(createChangePasswordFormStruct(minimumPasswordLength)),
    [minimumPasswordLength],
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ChangePasswordFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_CHANGE_PASSWORD_FORM,
  });
  useEffect(() => {
    if (resetKey > 0) reset(EMPTY_CHANGE_PASSWORD_FORM);
  }, [resetKey, reset]);

  const submit = handleSubmit(
    (values) => {
      if (!saving) onSubmit(toChangePasswordSubmission(values));
    },
    (formErrors) => {
      const first = changePasswordFieldOrder.find((name) => formErrors[name] !== undefined);
      if (first) setFocus(first);
    },
  );
  const checklistId = 'change-password-checklist';
  return (
    <AccountPanel title="Change Password" alert={alert} onDismissAlert={onDismissAlert}>
      {unavailable !== null ? (
        <p className={styles.note}>
          <Info aria-hidden="true" focusable="false" size={18} />
          <span>{unavailable}</span>
        </p>
      ) : (
        <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
          <CurrentPasswordField
            label="Current password"
            maxLength={PASSWORD_MAX}
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <FormNewPasswordFields
            register={register}
            control={control}
            passwordError={errors.password?.message}
            confirmError={errors.confirmPassword?.message}
            minimumLength={minimumPasswordLength}
            checklistId={checklistId}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={saving} busyText="Updating Password...">
              Update Password
            </Button>
          </div>
        </form>
      )}
    </AccountPanel>
  );
}
