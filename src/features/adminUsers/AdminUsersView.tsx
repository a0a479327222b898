import { userRoleLabel, type UserRole } from '../../../contract/enums';
import { Button } from '../../views/components/Button';
import { ScrollTable } from '../../views/components/ScrollTable';
import { formatDateTime } from '../../views/utils/dateTime';
import { AccountPanel, type AccountAlert } from '../../views/layouts/AccountPanel';
import {
  AdminPager,
  AdminSearch,
  type AdminPageInfo,
} from '../../views/components/AdminListControls';
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

export interface AdminUsersViewProps {
  /** The first page is loading: 'Loading, please wait...' instead of the list. */
  loading: boolean;
  /** A page or a search is loading: the shown list waits. */
  pageLoading: boolean;
  /** The load failed: its alert shows with 'Try again'. */
  loadFailed: boolean;
  onRetry: () => void;
  search: string;
  onSearch: (value: string) => void;
  users: readonly AdminUsersViewUser[];
  page: AdminPageInfo;
  onPrevious: () => void;
  onNext: () => void;
  /** The user whose impersonation is starting, else null. */
  impersonatingId: number | null;
  onImpersonate: (id: number) => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
}

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** The host's list of every user (/admin/users): searchable, paged, with Impersonate. */
export function AdminUsersView(props: AdminUsersViewProps) {
  const { users, page, impersonatingId } = props;
  return (
    <AccountPanel
      title="Users"
      wide
      lead="Every user of Givedrop. Impersonate shows the product as that user sees it."
      loading={props.loading}
      loadFailed={props.loadFailed}
      onRetry={props.onRetry}
      alert={props.alert}
      onDismissAlert={props.onDismissAlert}
    >
      <AdminSearch label="Search users" value={props.search} onChange={props.onSearch} />
      {users.length === 0 && !props.pageLoading ? (
        <p className={styles.empty}>No users found.</p>
      ) : (
        <ScrollTable label="All users">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Organisations</th>
              <th scope="col">Last Login</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody aria-busy={props.pageLoading}>
            {users.map((user) => (
              <tr key={user.id}>
                <td>
                  {fullName(user)} {user.isHost && <span className={styles.badge}>host</span>}
                  <br />
                  <span className={styles.muted}>{user.email}</span>
                </td>
                <td>
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
                </td>
                <td>
                  {user.lastLogin.kind === 'date'
                    ? (formatDateTime(user.lastLogin.iso) ?? '')
                    : user.lastLogin.text}
                </td>
                <td>
                  {user.canImpersonate ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={impersonatingId === user.id}
                      aria-label={`Impersonate ${fullName(user)}`}
                      onClick={() => props.onImpersonate(user.id)}
                    >
                      Impersonate
                    </Button>
                  ) : (
                    <span className={styles.muted}>You</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <AdminPager info={page} noun="users" onPrevious={props.onPrevious} onNext={props.onNext} />
    </AccountPanel>
  );
}
