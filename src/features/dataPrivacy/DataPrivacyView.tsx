import { Download, Info, Trash2 } from 'lucide-react';
import { accountRemains, type DeletionOutcome, type DeletionPlan } from '../../../contract/account';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { LinkButton } from '../../views/components/LinkButton';
import { Modal } from '../../views/components/Modal';
import { NewTabLink } from '../../views/components/NewTabLink';
import { formatDateTime } from '../../views/utils/dateTime';
import { AccountPanel } from '../../views/layouts/AccountPanel';
import type { AccountAlert } from '../../views/layouts/AccountPanel';
import styles from '../../views/layouts/AccountScreen.module.css';

export interface DataPrivacyViewProps {
  /**
   * Which page: a visitor's information (spec §2.1: /data-privacy is for whoever opens it), the
   * confirmation of a deletion, or the signed-in person's page with the account actions.
   */
  page: 'visitor' | 'deleted' | 'account';
  /** What the deletion deleted (the confirmation), or null. */
  deletedOutcome: DeletionOutcome | null;
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  /** The privacy policy as agreed (null until loaded). */
  privacyPolicy: { version: number; agreedDate: string | null } | null;
  /** The configuration's supportUrl (contact us, opened in a new tab). */
  supportUrl: string;
  /** The configuration's privacyPolicyUrl (opened in a new tab). */
  privacyPolicyUrl: string;
  downloading: boolean;
  onDownload: () => void;
  /** What Delete Account will delete and what stays (the machine's reading of spec §6). */
  deletionPlan: DeletionPlan | null;
  /**
   * Why Delete Account is not offered (e.g. while a host impersonates the person), else null:
   * the note shows instead of the button.
   */
  deletionUnavailable: string | null;
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

const names = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/**
 * 'your other organisation Marcus Reed', 'your other organisations A and B': named as
 * organisations (an Individual account's organisation bears the person's name).
 */
function otherOrganisations(remaining: string[]): string {
  const noun = remaining.length === 1 ? 'organisation' : 'organisations';
  return `your other ${noun} ${names.format(remaining)}`;
}

/** What a person keeps when they leave or delete one organisation. */
function accountStays(remaining: string[]): string {
  const them = remaining.length === 1 ? 'it' : 'them';
  return `Your account, with ${otherOrganisations(remaining)}: you will be logged out, and can log in again to use ${them}.`;
}

/** Spec §6, per case: what Delete Account deletes and what stays, in full words. */
export function deletionWords(plan: DeletionPlan): { deleted: string[]; stays: string[] } {
  const { organisation, remaining } = plan;
  const wholeOrganisation = [
    `The organisation ${organisation}, with its posts, drops and media, its subscription and its payment records.`,
    `Every member's access to ${organisation}. Members who belong to no other organisation are deleted with it.`,
  ];
  switch (plan.kind) {
    case 'organisationAndAccount':
      return {
        deleted: [
          'Your account and your personal data: you will not be able to log in again.',
          ...wholeOrganisation,
        ],
        stays: [
          `Only the accounts of ${organisation}'s members who also belong to other organisations, with those organisations.`,
        ],
      };
    case 'organisation':
      return {
        deleted: wholeOrganisation,
        stays: [
          accountStays(remaining),
          `The accounts of ${organisation}'s members who also belong to other organisations.`,
        ],
      };
    case 'membership':
      return {
        deleted: [`Your access to ${organisation}, and the posts and drops you wrote in it.`],
        stays: [accountStays(remaining), `${organisation} itself and its other members.`],
      };
    case 'account':
      return {
        deleted: [
          'Your account and your personal data: you will not be able to log in again.',
          `Your access to ${organisation}, and the posts and drops you wrote in it.`,
        ],
        stays: [`${organisation} itself and its other members.`],
      };
  }
}

/** The Delete Account section's one line; the dialog says it all. */
export function deletionSummary(plan: DeletionPlan): string {
  const { organisation, remaining } = plan;
  switch (plan.kind) {
    case 'organisationAndAccount':
      return `Deletes your account and the organisation ${organisation}, with all its data.`;
    case 'organisation':
      return `Deletes the organisation ${organisation}, with all its data. Your account stays with ${otherOrganisations(remaining)}.`;
    case 'membership':
      return `Removes you from ${organisation}. Your account stays with ${otherOrganisations(remaining)}.`;
    case 'account':
      return `Deletes your account and your personal data, and removes you from ${organisation}.`;
  }
}

/** The confirmation once a deletion is done (the person is signed out). */
export const deletedWords: Record<DeletionOutcome, { title: string; text: string }> = {
  organisationAndAccount: {
    title: 'Account Deleted',
    text: 'Your account and your organisation have been deleted, with all their data. You have been logged out.',
  },
  organisation: {
    title: 'Organisation Deleted',
    text: 'The organisation has been deleted, with all its data. Your account stays: log in to carry on with it.',
  },
  membership: {
    title: 'Organisation Left',
    text: 'You no longer have access to that organisation, and the posts and drops you wrote in it have been deleted. Your account stays: log in to carry on with it.',
  },
  account: {
    title: 'Account Deleted',
    text: 'Your account and your personal data have been deleted. You have been logged out.',
  },
};

function DeletionPlanText({ plan }: { plan: DeletionPlan }) {
  const { deleted, stays } = deletionWords(plan);
  const Heading = 'h3';
  return (
    <div className={styles.plan}>
      <Heading className={styles.planTitle}>What will be deleted</Heading>
      <ul className={styles.planList}>
        {deleted.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Heading className={styles.planTitle}>What stays</Heading>
      <ul className={styles.planList}>
        {stays.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>This cannot be undone.</p>
    </div>
  );
}

/** What Givedrop keeps and why: for whoever opens the page. */
function PrivacyInformation({
  privacyPolicyUrl,
  supportUrl,
}: {
  privacyPolicyUrl: string;
  supportUrl: string;
}) {
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>What we keep</h2>
      <p>
        Givedrop keeps the personal data you give it to run your account: your name, email address,
        phone number, date of birth, profile handle and photo, your consents and interest topics,
        the posts and drops you publish, and the organisations you belong to with their
        subscriptions and invoices.
      </p>
      <p>
        Read the <NewTabLink href={privacyPolicyUrl}>privacy policy</NewTabLink>. Questions about
        your data? <NewTabLink href={supportUrl}>Contact us</NewTabLink>
      </p>
    </div>
  );
}

/**
 * Data Privacy (spec §2.3): the privacy policy version and agreed date (dd/MM/yyyy HH:mm),
 * Download Personal Data, a contact-us link in a new tab, and the Delete Account danger section
 * with its confirm dialog ('Yes, Delete Account') saying what will be deleted and what stays, or a
 * note saying why it is not offered. A visitor sees the information only; after a deletion, its
 * confirmation.
 */
export function DataPrivacyView(props: DataPrivacyViewProps) {
  const {
    page,
    deletedOutcome,
    privacyPolicy,
    supportUrl,
    privacyPolicyUrl,
    downloading,
    onDownload,
    deletionPlan,
    deletionUnavailable,
    confirmingDeletion,
    deleting,
    onDeleteRequest,
    onDeleteCancel,
    onDeleteConfirm,
    timeZone,
  } = props;
  const information = (
    <PrivacyInformation privacyPolicyUrl={privacyPolicyUrl} supportUrl={supportUrl} />
  );
  if (page === 'visitor' || page === 'deleted') {
    const done = page === 'deleted' && deletedOutcome ? deletedWords[deletedOutcome] : null;
    const staysElsewhere = deletedOutcome !== null && accountRemains(deletedOutcome);
    return (
      <AccountPanel title="Data Privacy">
        {done ? (
          <>
            <Alert level="Success" title={done.title} messages={[done.text]} />
            <div className={styles.actions}>
              {staysElsewhere ? <LinkButton href="/login">Log in</LinkButton> : null}
              <LinkButton href="/" variant={staysElsewhere ? 'secondary' : 'primary'}>
                Go to the home page
              </LinkButton>
            </div>
          </>
        ) : null}
        {information}
        {done ? null : (
          <p>
            Once logged in, you can download a copy of your personal data or delete your account on
            this page.
          </p>
        )}
      </AccountPanel>
    );
  }
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
              Read the <NewTabLink href={privacyPolicyUrl}>privacy policy</NewTabLink>. Questions
              about your data? <NewTabLink href={supportUrl}>Contact us</NewTabLink>
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
          ) : deletionPlan ? (
            <>
              <div className={styles.danger}>
                <h2 className={styles.dangerTitle}>Delete Account</h2>
                <p>{deletionSummary(deletionPlan)}</p>
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
                <DeletionPlanText plan={deletionPlan} />
              </Modal>
            </>
          ) : null}
        </>
      ) : null}
    </AccountPanel>
  );
}
