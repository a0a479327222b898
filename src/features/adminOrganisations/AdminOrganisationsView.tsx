import { Button } from '../../views/components/Button';
import { Cell } from '../../views/components/DataTable';
import { Modal } from '../../views/components/Modal';
import { formatDateTime } from '../../views/utils/dateTime';
import { AdminListPanel, type AdminListProps } from '../../views/components/AdminListControls';
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

export interface AdminOrganisationsViewProps extends AdminListProps {
  organisations: readonly AdminOrganisationsViewItem[];
  onSwitch: (change: AdminSwitchChange) => void;
  confirmation: AdminSwitchConfirmation | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The host's list of every organisation (/admin/organisations): searchable, paged, with
 * Enable/Disable and Emails on/off, each after a confirm dialog.
 */
export function AdminOrganisationsView(props: AdminOrganisationsViewProps) {
  const { organisations, confirmation } = props;
  return (
    <AdminListPanel
      list={props}
      title="Organisations"
      lead="Every organisation of Givedrop. Nobody signs into a disabled organisation; with emails off, none are sent on its behalf."
      searchLabel="Search organisations"
      tableLabel="All organisations"
      noun={{ one: 'organisation', other: 'organisations' }}
      columns={['Name and owner', 'Members', 'Created', 'Status', 'Emails']}
      empty={organisations.length === 0 ? 'No organisations found.' : null}
      rows={organisations.map((organisation) => (
        <tr key={organisation.id}>
          <Cell kind="title">
            {organisation.name} <span className={styles.badge}>{organisation.accountType}</span>
            <br />
            <span className={styles.owner}>
              {organisation.ownerName} ({organisation.ownerEmail})
            </span>
          </Cell>
          <Cell label="Members">{organisation.memberCount}</Cell>
          <Cell label="Created">{formatDateTime(organisation.createdAt) ?? ''}</Cell>
          <Cell label="Status">
            <span className={styles.switch}>
              {organisation.enabled ? 'Enabled' : 'Disabled'}{' '}
              <SwitchButton
                label={`${organisation.enabled ? 'Disable' : 'Enable'} ${organisation.name}`}
                onClick={() => props.onSwitch(switchChange(organisation, 'enabled'))}
              >
                {organisation.enabled ? 'Disable' : 'Enable'}
              </SwitchButton>
            </span>
          </Cell>
          <Cell label="Emails">
            <span className={styles.switch}>
              {organisation.sendingEmailsEnabled ? 'On' : 'Off'}{' '}
              <SwitchButton
                label={`Turn ${organisation.sendingEmailsEnabled ? 'off' : 'on'} emails for ${organisation.name}`}
                onClick={() => props.onSwitch(switchChange(organisation, 'sendingEmails'))}
              >
                {organisation.sendingEmailsEnabled ? 'Turn off' : 'Turn on'}
              </SwitchButton>
            </span>
          </Cell>
        </tr>
      ))}
    >
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
    </AdminListPanel>
  );
}

/** The change a switch button asks for: the organisation's switch, turned the other way. */
function switchChange(
  organisation: AdminOrganisationsViewItem,
  which: AdminSwitchChange['switch'],
): AdminSwitchChange {
  const current = which === 'enabled' ? organisation.enabled : organisation.sendingEmailsEnabled;
  return { id: organisation.id, switch: which, value: !current };
}

function SwitchButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button size="sm" variant="secondary" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}
