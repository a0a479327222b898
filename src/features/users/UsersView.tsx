import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import { Check, Lock, Pencil, RotateCw, Trash2, TriangleAlert, UserPlus, X } from 'lucide-react';
import { UserRole, userRoleLabel } from '../../../contract/enums';
import type { InvitationStatus } from '../../../contract/enums';
import { EMAIL_MAX, NAME_MAX } from '../../../contract/identity';
import { INVITATION_MESSAGE_MAX, type InvitationDetails } from '../../../contract/team';
import {
  EMPTY_INVITATION_FORM,
  invitationFormStruct,
  type InvitationFormValues,
} from '../../validation/team';
import { RowAction } from '../../views/components/RowAction';
import { Button } from '../../views/components/Button';
import { CheckboxField } from '../../views/components/CheckboxField';
import { CopyField } from '../../views/components/CopyField';
import { Modal } from '../../views/components/Modal';
import { Cell, DataTable } from '../../views/components/DataTable';
import { SelectField } from '../../views/components/SelectField';
import { TextAreaField } from '../../views/components/TextAreaField';
import { TextField } from '../../views/components/TextField';
import { formatDateTime } from '../../views/utils/dateTime';
import { AccountPanel } from '../../views/layouts/AccountPanel';
import type { AccountAlert } from '../../views/layouts/AccountPanel';
import accountStyles from '../../views/layouts/AccountScreen.module.css';
import styles from './UsersView.module.css';

export interface UsersViewUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  emailConfirmed: boolean;
  userRole: UserRole;
  owner: boolean;
  loginEnabled: boolean;
  lastLoginDate: string | null;
  /** Why its actions are hidden ('Current users cannot edit themselves', …), or null. */
  lock: string | null;
}

export interface UsersViewInvitation {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  acceptedEmailAddress: string | null;
  userRole: UserRole;
  expiryDate: string;
  shownStatus: InvitationStatus;
  responseMessage: string | null;
  userInvitationKey: string;
  canResend: boolean;
  removal: 'cancel' | 'delete';
  showsLink: boolean;
  /** The status badge's colour, decided by the users flow's selector (spec §4). */
  badgeLevel: 'Info' | 'Success' | 'Danger' | 'Warning';
}

/** The invite form's values (the same details the server keeps). */
export type InvitationFormSubmission = InvitationDetails;

export interface UsersViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  mode: 'list' | 'invite' | 'resend' | 'edit';
  users: readonly UsersViewUser[];
  invitations: readonly UsersViewInvitation[];
  /** The site's origin: an invitation's link is {siteUrl}/invitation/{key}. */
  siteUrl: string;
  busy: boolean;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
  onInvite: () => void;
  onResend: (id: number) => void;
  onEdit: (id: number) => void;
  onDeleteUser: (id: number) => void;
  onDeleteInvitation: (id: number) => void;
  /** The resend form's starting values. */
  resendInvitation: (InvitationFormSubmission & { id: number }) | null;
  editedUser: UsersViewUser | null;
  onSubmitInvitation: (values: InvitationFormSubmission) => void;
  onSaveUser: (changes: { userRole: UserRole; loginEnabled: boolean }) => void;
  onCancel: () => void;
  confirmation: { kind: 'user' | 'invitation'; name: string; busy: boolean } | null;
  onConfirm: () => void;
  onCancelConfirm: () => void;
  onCopy: (text: string) => Promise<void>;
  timeZone?: string;
}

const roleOptions = [
  { value: '', label: '(select role)' },
  { value: String(UserRole.User), label: userRoleLabel[UserRole.User] },
  { value: String(UserRole.Administrator), label: userRoleLabel[UserRole.Administrator] },
];

const badgeClass: Record<UsersViewInvitation['badgeLevel'], string | undefined> = {
  Info: styles.info,
  Success: styles.success,
  Danger: styles.danger,
  Warning: styles.warning,
};

/** The Users screen (spec §2.3), /users, in its modes list, invite, resend and edit. */
export function UsersView(props: UsersViewProps) {
  const { mode, loading, loadFailed, onRetry, alert, onDismissAlert } = props;
  const title =
    mode === 'invite'
      ? 'Invite User'
      : mode === 'resend'
        ? 'Resend Invitation'
        : mode === 'edit'
          ? 'Edit User'
          : 'Users';
  return (
    <AccountPanel
      wide={mode === 'list'}
      title={title}
      loading={loading}
      loadFailed={loadFailed}
      onRetry={onRetry}
      alert={alert}
      onDismissAlert={onDismissAlert}
    >
      {mode === 'list' ? <UsersList {...props} /> : null}
      {mode === 'invite' || mode === 'resend' ? (
        <InvitationForm
          key={props.resendInvitation?.id ?? 'new'}
          initial={props.resendInvitation}
          busy={props.busy}
          onSubmit={props.onSubmitInvitation}
          onCancel={props.onCancel}
        />
      ) : null}
      {mode === 'edit' && props.editedUser ? (
        <EditUserForm
          user={props.editedUser}
          busy={props.busy}
          onSave={props.onSaveUser}
          onCancel={props.onCancel}
        />
      ) : null}
    </AccountPanel>
  );
}

function UsersList({
  users,
  invitations,
  siteUrl,
  onInvite,
  onResend,
  onEdit,
  onDeleteUser,
  onDeleteInvitation,
  confirmation,
  onConfirm,
  onCancelConfirm,
  onCopy,
  timeZone,
}: UsersViewProps) {
  const date = (iso: string | null) => (iso ? (formatDateTime(iso, timeZone) ?? '') : 'Never');
  return (
    <>
      <DataTable label="Users table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Last Login</th>
            <th scope="col">Role</th>
            <th scope="col">Login Enabled</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = `${user.firstName} ${user.lastName}`;
            return (
              <tr key={user.id}>
                <Cell kind="title">{name}</Cell>
                <Cell label="Email">
                  <span className={styles.email}>
                    <span className={styles.address}>{user.email}</span>
                    {user.emailConfirmed ? null : (
                      <span className={styles.warn} title="Email requires confirmation">
                        <TriangleAlert aria-hidden="true" focusable="false" size={16} />
                        <span className="visually-hidden">Email requires confirmation</span>
                      </span>
                    )}
                  </span>
                </Cell>
                <Cell label="Last Login">{date(user.lastLoginDate)}</Cell>
                <Cell label="Role">
                  {userRoleLabel[user.userRole]}{' '}
                  {user.owner ? <span className={styles.owner}>owner</span> : null}
                </Cell>
                <Cell label="Login Enabled">
                  {user.loginEnabled ? (
                    <Check aria-label="Yes" role="img" size={18} className={styles.yes} />
                  ) : (
                    <X aria-label="No" role="img" size={18} className={styles.no} />
                  )}
                </Cell>
                {user.lock ? (
                  <Cell label="Actions">
                    <span className={styles.lock} data-lock="">
                      <Lock aria-hidden="true" focusable="false" size={16} />
                      <span>{user.lock}</span>
                    </span>
                  </Cell>
                ) : (
                  <Cell kind="actions">
                    <RowAction
                      icon={Pencil}
                      onClick={() => onEdit(user.id)}
                      aria-label={`Edit ${name}`}
                    >
                      Edit
                    </RowAction>
                    <RowAction
                      icon={Trash2}
                      onClick={() => onDeleteUser(user.id)}
                      aria-label={`Delete ${name}`}
                    >
                      Delete
                    </RowAction>
                  </Cell>
                )}
              </tr>
            );
          })}
        </tbody>
      </DataTable>

      <div className={accountStyles.section}>
        <div className={styles.sectionHead}>
          <h2 className={accountStyles.sectionTitle}>Invited Users</h2>
          <Button
            icon={<UserPlus aria-hidden="true" focusable="false" size={18} />}
            onClick={onInvite}
          >
            Invite User
          </Button>
        </div>
        {invitations.length === 0 ? (
          <p className={styles.empty}>There are no pending user invitations</p>
        ) : (
          <DataTable label="Invited users table" grouped>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Expiry Date</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            {invitations.map((invitation) => {
              const name = `${invitation.firstName} ${invitation.lastName}`;
              return (
                <tbody key={invitation.id}>
                  <tr>
                    <Cell kind="title">{name}</Cell>
                    <Cell label="Email">
                      {invitation.acceptedEmailAddress ? (
                        <span className={styles.email}>
                          <s className={styles.address}>
                            <span className="visually-hidden">Invited as </span>
                            {invitation.email}
                          </s>{' '}
                          <span className={styles.address}>{invitation.acceptedEmailAddress}</span>
                        </span>
                      ) : (
                        <span className={styles.address}>{invitation.email}</span>
                      )}
                    </Cell>
                    <Cell label="Role">{userRoleLabel[invitation.userRole]}</Cell>
                    <Cell label="Expiry Date">{date(invitation.expiryDate)}</Cell>
                    <Cell label="Status">
                      <span
                        className={`${styles.badge} ${badgeClass[invitation.badgeLevel] ?? ''}`}
                      >
                        {invitation.shownStatus}
                      </span>
                    </Cell>
                    <Cell kind="actions">
                      {invitation.canResend ? (
                        <RowAction
                          icon={RotateCw}
                          onClick={() => onResend(invitation.id)}
                          aria-label={`Resend invitation to ${name}`}
                        >
                          Resend
                        </RowAction>
                      ) : null}
                      <RowAction
                        icon={Trash2}
                        onClick={() => onDeleteInvitation(invitation.id)}
                        aria-label={`${invitation.removal === 'cancel' ? 'Cancel' : 'Delete'} invitation to ${name}`}
                      >
                        {invitation.removal === 'cancel' ? 'Cancel' : 'Delete'}
                      </RowAction>
                    </Cell>
                  </tr>
                  {invitation.showsLink ? (
                    <tr className={styles.extra}>
                      <Cell kind="wide" colSpan={6}>
                        <CopyField
                          label={`Invitation Link for ${name}`}
                          value={`${siteUrl}/invitation/${invitation.userInvitationKey}`}
                          copyLabel="Copy Link"
                          onCopy={onCopy}
                        />
                      </Cell>
                    </tr>
                  ) : null}
                  {invitation.shownStatus === 'Declined' && invitation.responseMessage ? (
                    <tr className={styles.extra}>
                      <Cell kind="wide" colSpan={6}>
                        <span className={styles.reason}>Reason: {invitation.responseMessage}</span>
                      </Cell>
                    </tr>
                  ) : null}
                </tbody>
              );
            })}
          </DataTable>
        )}
      </div>

      <Modal
        open={confirmation !== null}
        title={confirmation?.kind === 'invitation' ? 'Delete Invitation' : 'Delete User'}
        buttons="OkCancel"
        tone="danger"
        okLabel={confirmation?.busy ? 'Deleting...' : 'Yes, Delete'}
        onClose={(result) => {
          if (confirmation?.busy) return;
          if (result === 'ok') onConfirm();
          else onCancelConfirm();
        }}
      >
        <p>
          {confirmation?.kind === 'invitation'
            ? `The invitation to ${confirmation.name} will be removed.`
            : `${confirmation?.name ?? ''} will be removed from this organisation.`}
        </p>
      </Modal>
    </>
  );
}

function InvitationForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: (InvitationFormSubmission & { id: number }) | null;
  busy: boolean;
  onSubmit: (values: InvitationFormSubmission) => void;
  onCancel: () => void;
}) {
  const resolver = useMemo(() => superstructResolver(invitationFormStruct), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InvitationFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial
      ? {
          firstName: initial.firstName,
          lastName: initial.lastName,
          email: initial.email,
          message: initial.message,
          userRole: String(initial.userRole),
          canChangeEmailAddress: initial.canChangeEmailAddress,
        }
      : EMPTY_INVITATION_FORM,
  });
  const submit = handleSubmit((values) => {
    if (busy) return;
    onSubmit({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
      userRole: Number(values.userRole) as UserRole,
      canChangeEmailAddress: values.canChangeEmailAddress,
    });
  });
  return (
    <form className={accountStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <div className={accountStyles.row}>
        <TextField
          label="First Name"
          aria-required="true"
          maxLength={NAME_MAX}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          aria-required="true"
          maxLength={NAME_MAX}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email Address"
        type="email"
        aria-required="true"
        maxLength={EMAIL_MAX}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextAreaField
        label="Message (optional)"
        rows={3}
        maxLength={INVITATION_MESSAGE_MAX}
        {...register('message')}
      />
      <SelectField
        label="User Role"
        aria-required="true"
        options={roleOptions}
        error={errors.userRole?.message}
        {...register('userRole')}
      />
      <CheckboxField
        label="User can use any email address?"
        {...register('canChangeEmailAddress')}
      />
      <div className={accountStyles.actions}>
        <Button type="submit" busy={busy} busyText="Sending...">
          {initial ? 'Resend Invitation' : 'Send Invitation'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EditUserForm({
  user,
  busy,
  onSave,
  onCancel,
}: {
  user: UsersViewUser;
  busy: boolean;
  onSave: (changes: { userRole: UserRole; loginEnabled: boolean }) => void;
  onCancel: () => void;
}) {
  const { register, handleSubmit } = useForm<{ userRole: string; loginEnabled: boolean }>({
    defaultValues: { userRole: String(user.userRole), loginEnabled: user.loginEnabled },
  });
  const submit = handleSubmit((values) => {
    if (!busy)
      onSave({ userRole: Number(values.userRole) as UserRole, loginEnabled: values.loginEnabled });
  });
  return (
    <form className={accountStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p className={accountStyles.lead}>
        Users can log in and update their own details and preferences.
      </p>
      <dl className={accountStyles.facts}>
        <dt>Name</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <SelectField
        label="User Role"
        aria-required="true"
        options={roleOptions.slice(1)}
        {...register('userRole')}
      />
      <CheckboxField label="Login enabled" {...register('loginEnabled')} />
      <div className={accountStyles.actions}>
        <Button type="submit" busy={busy} busyText="Saving...">
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
