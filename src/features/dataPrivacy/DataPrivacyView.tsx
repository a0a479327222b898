import { Download, Info, Trash2 } from 'lucide-react';
import type { DeletionOutcome } from '../../../contract/account';
import { Button } from '../../views/components/Button';
import { Modal } from '../../views/components/Modal';
import { NewTabLink } from '../../views/components/NewTabLink';
import { formatDateTime } from '../../views/utils/dateTime';
import { AccountPanel } from '../../views/layouts/AccountPanel';
import type { AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';

export interface DataPrivacyViewProps {
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  /** The privacy policy as agreed (null until loaded). */
  privacyPolicy: { version: number; agreedDate: string | null } | null;
  /** The configuration's supportUrl (contact us, opened in a new tab). */
  supportUrl: string;
  downloading: boolean;
  onDownload: () => void;
  /** What deleting takes (the machine's reading of spec §6). */
  deletionScope: DeletionOutcome | null;
  /**
   * Why Delete Account is not offered (e.g. while a host impersonates the person), else null:
   * the note shows instead of the button.
   */
  deletionUnavailable: string | null;
  organisationName: string;
  confirmingDeletion: boolean;
  deleting: boolean;
  onDeleteRequest: () => void;
  onDeleteCancel: () => void;
  onDeleteConfirm: () => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
  /** The time zone dates are shown in (tests pin it); the browser's own by default. */
  timeZone?: string;
}

function deletionText(scope: DeletionOutcome | null, organisation: string): string {
  switch (scope) {
    case 'organisation':
      return `You own ${organisation}. Deleting your account deletes the whole organisation: its users' access, its posts and media, and its payment records. This cannot be undone.`;
    case 'membership':
      return `You will lose access to ${organisation} and be logged out of it. Your account stays for your other organisations.`;
    default:
      return 'Your account, your posts and your personal data will be deleted. This cannot be undone.';
  }
}

/**
 * Data Privacy (spec §2.3): the privacy policy version and agreed date (dd/MM/yyyy HH:mm),
 * Download Personal Data, a contact-us link in a new tab, and the Delete Account danger section
 * with its confirm dialog ('Yes, Delete Account'), or a note saying why it is not offered.
 */
export function DataPrivacyView(props: DataPrivacyViewProps) {
  const {
    privacyPolicy,
    supportUrl,
    downloading,
    onDownload,
    deletionScope,
    deletionUnavailable,
    organisationName,
    confirmingDeletion,
    deleting,
    onDeleteRequest,
    onDeleteCancel,
    onDeleteConfirm,
    timeZone,
  } = props;
  const agreed = privacyPolicy?.agreedDate
    ? (formatDateTime(privacyPolicy.agreedDate, timeZone) ?? 'Not recorded')
    : 'Not recorded';
  return (
    <AccountPanel title="Data Privacy" status={props}>
      {privacyPolicy ? (
        <>
          <dl className={styles.facts}>
            <dt>Privacy policy version</dt>
            <dd>{privacyPolicy.version}</dd>
            <dt>Agreed on</dt>
            <dd>{agreed}</dd>
          </dl>

          <div className={styles.section}>
            <h2 className={styles.sectionTitle}>Your data</h2>
            <p>
              Download a copy of the personal data we hold about you: your profile, memberships,
              consents, topics, posts with their media, and invitations, as a zip file.
            </p>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                icon={<Download aria-hidden="true" focusable="false" size={18} />}
                busy={downloading}
                busyText="Preparing download..."
                onClick={onDownload}
              >
                Download Personal Data
              </Button>
            </div>
            <p>
              Questions about your data? <NewTabLink href={supportUrl}>Contact us</NewTabLink>
            </p>
          </div>

          {deletionUnavailable !== null ? (
            <div className={styles.section}>
              <h2 className={styles.sectionTitle}>Delete Account</h2>
              <p className={styles.note}>
                <Info aria-hidden="true" focusable="false" size={18} />
                <span>{deletionUnavailable}</span>
              </p>
            </div>
          ) : (
            <>
              <div className={styles.danger}>
                <h2 className={styles.dangerTitle}>Delete Account</h2>
                <p>{deletionText(deletionScope, organisationName)}</p>
                <div className={styles.actions}>
                  <Button
                    variant="danger"
                    icon={<Trash2 aria-hidden="true" focusable="false" size={18} />}
                    onClick={onDeleteRequest}
                  >
                    Delete Account
                  </Button>
                </div>
              </div>

              <Modal
                open={confirmingDeletion}
                title="Delete Account"
                buttons="OkCancel"
                tone="danger"
                okLabel={deleting ? 'Deleting...' : 'Yes, Delete Account'}
                onClose={(result) => {
                  if (deleting) return;
                  if (result === 'ok') onDeleteConfirm();
                  else onDeleteCancel();
                }}
              >
                <p>{deletionText(deletionScope, organisationName)}</p>
                <p>Are you sure you want to delete your account?</p>
              </Modal>
            </>
          )}
        </>
      ) : null}
    </AccountPanel>
  );
}
