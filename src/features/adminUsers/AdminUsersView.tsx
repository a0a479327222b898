import { userRoleLabel, type UserRole } from '../../../contract/enums';
import { Button } from '../../views/components/Button';
import { Cell } from '../../views/components/DataTable';
import { formatDateTime } from '../../views/utils/dateTime';
import { AdminListPanel, type AdminListProps } from '../../views/components/AdminListControls';
import styles from '../../views/components/AdminListView.module.css';

export interface AdminUsersViewUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  isHost: boolean;
  /** The Last Login column: a date, or the machine's text ('Never'). */
  lastLogin: { kind: 'date'; iso: string } | { kind: 'text'; text: string };
  organisations: { id: number; name: string; userRole: UserRole; owner: boolean }[];
  canImpersonate: boolean;
}

export interface AdminUsersViewProps extends AdminListProps {
  users: readonly AdminUsersViewUser[];
  /** The user whose impersonation is starting, else null. */
  impersonatingId: number | null;
  onImpersonate: (id: number) => void;
}

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** The host's list of every user (/admin/users): searchable, paged, with Impersonate. */
export function AdminUsersView(props: AdminUsersViewProps) {
  const { users, impersonatingId } = props;
  return (
    <AdminListPanel
      list={props}
      title="Users"
      lead="Every user of Givedrop. Impersonate shows the product as that user sees it."
      searchLabel="Search users"
      tableLabel="All users"
      noun={{ one: 'user', other: 'users' }}
      columns={['Name', 'Organisations', 'Last Login', 'Actions']}
      empty={users.length === 0 ? 'No users found.' : null}
      rows={users.map((user) => (
        <tr key={user.id}>
          <Cell kind="title">
            {fullName(user)} {user.isHost && <span className={styles.badge}>host</span>}
            <br />
            <span className={styles.owner}>{user.email}</span>
          </Cell>
          <Cell label="Organisations">
            <ul className={styles.organisations}>
              {user.organisations.map((organisation) => (
                <li key={organisation.id}>
                  {organisation.name}{' '}
                  <span className={styles.muted}>
                    ({organisation.owner ? 'owner' : userRoleLabel[organisation.userRole]})
                  </span>
                </li>
              ))}
            </ul>
          </Cell>
          <Cell label="Last Login">
            {user.lastLogin.kind === 'date'
              ? (formatDateTime(user.lastLogin.iso) ?? '')
              : user.lastLogin.text}
          </Cell>
          {user.canImpersonate ? (
            <Cell kind="actions">
              <Button
                size="sm"
                variant="secondary"
                busy={impersonatingId === user.id}
                aria-label={`Impersonate ${fullName(user)}`}
                onClick={() => props.onImpersonate(user.id)}
              >
                Impersonate
              </Button>
            </Cell>
          ) : (
            <Cell label="Actions">
              <span className={styles.muted}>You</span>
            </Cell>
          )}
        </tr>
      ))}
    />
  );
}
