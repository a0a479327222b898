import { Button } from '../../views/components/Button';
import { Modal } from '../../views/components/Modal';
import { ScrollTable } from '../../views/components/ScrollTable';
import { formatDateTime } from '../../views/utils/dateTime';
import { AccountPanel, type AccountAlert } from '../../views/layouts/AccountPanel';
import {
  AdminPager,
  AdminSearch,
  type AdminPageInfo,
} from '../../views/components/AdminListControls';
import styles from '../../views/components/AdminListView.module.css';

export interface AdminOrganisationsViewItem {
  id: number;
  name: string;
  accountType: string;
  ownerName: string;
  ownerEmail: string;
  memberCount: number;
  enabled: boolean;
  sendingEmailsEnabled: boolean;
  createdAt: string;
}

export interface AdminSwitchChange {
  id: number;
  switch: 'enabled' | 'sendingEmails';
  value: boolean;
}

export interface AdminSwitchConfirmation {
  title: string;
  text: string;
  confirmLabel: string;
  danger: boolean;
  busy: boolean;
}

export interface AdminOrganisationsViewProps {
  /** The first page is loading: 'Loading, please wait...' instead of the list. */
  loading: boolean;
  /** A page or a search is loading: the shown list waits. */
  pageLoading: boolean;
  /** The load failed: its alert shows with 'Try again'. */
  loadFailed: boolean;
  onRetry: () => void;
  search: string;
  onSearch: (value: string) => void;
  organisations: readonly AdminOrganisationsViewItem[];
  page: AdminPageInfo;
  onPrevious: () => void;
  onNext: () => void;
  onSwitch: (change: AdminSwitchChange) => void;
  confirmation: AdminSwitchConfirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
}

/**
 * The host's list of every organisation (/admin/organisations): searchable, paged, with
 * Enable/Disable and Emails on/off, each after a confirm dialog.
 */
export function AdminOrganisationsView(props: AdminOrganisationsViewProps) {
  const { organisations, confirmation } = props;
  return (
    <AccountPanel
      title="Organisations"
      wide
      lead="Every organisation of Givedrop. Nobody signs into a disabled organisation; with emails off, none are sent on its behalf."
      loading={props.loading}
      loadFailed={props.loadFailed}
      onRetry={props.onRetry}
      alert={props.alert}
      onDismissAlert={props.onDismissAlert}
    >
      <AdminSearch label="Search organisations" value={props.search} onChange={props.onSearch} />
      {organisations.length === 0 && !props.pageLoading ? (
        <p className={styles.empty}>No organisations found.</p>
      ) : (
        <ScrollTable label="All organisations">
          <thead>
            <tr>
              <th scope="col">Name and owner</th>
              <th scope="col">Members</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Emails</th>
            </tr>
          </thead>
          <tbody aria-busy={props.pageLoading}>
            {organisations.map((organisation) => (
              <tr key={organisation.id}>
                <td>
                  {organisation.name}{' '}
                  <span className={styles.badge}>{organisation.accountType}</span>
                  <br />
                  <span className={styles.muted}>
                    {organisation.ownerName} ({organisation.ownerEmail})
                  </span>
                </td>
                <td>{organisation.memberCount}</td>
                <td>{formatDateTime(organisation.createdAt) ?? ''}</td>
                <td>
                  {organisation.enabled ? 'Enabled' : 'Disabled'}{' '}
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${organisation.enabled ? 'Disable' : 'Enable'} ${organisation.name}`}
                    onClick={() =>
                      props.onSwitch({
                        id: organisation.id,
                        switch: 'enabled',
                        value: !organisation.enabled,
                      })
                    }
                  >
                    {organisation.enabled ? 'Disable' : 'Enable'}
                  </Button>
                </td>
                <td>
                  {organisation.sendingEmailsEnabled ? 'On' : 'Off'}{' '}
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Turn ${organisation.sendingEmailsEnabled ? 'off' : 'on'} emails for ${organisation.name}`}
                    onClick={() =>
                      props.onSwitch({
                        id: organisation.id,
                        switch: 'sendingEmails',
                        value: !organisation.sendingEmailsEnabled,
                      })
                    }
                  >
                    {organisation.sendingEmailsEnabled ? 'Turn off' : 'Turn on'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <AdminPager
        info={props.page}
        noun="organisations"
        onPrevious={props.onPrevious}
        onNext={props.onNext}
      />
      <Modal
        open={confirmation !== null}
        title={confirmation?.title ?? ''}
        buttons="OkCancel"
        tone={confirmation?.danger ? 'danger' : 'default'}
        okLabel={confirmation?.busy ? 'Saving...' : (confirmation?.confirmLabel ?? 'OK')}
        onClose={(result) => {
          if (confirmation?.busy) return;
          if (result === 'ok') props.onConfirm();
          else props.onCancel();
        }}
      >
        <p>{confirmation?.text}</p>
      </Modal>
    </AccountPanel>
  );
}
