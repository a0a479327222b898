import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { LinkButton } from '../../views/components/LinkButton';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { Modal } from '../../views/components/Modal';
import { RowAction } from '../../views/components/RowAction';
import { Tabs } from '../../views/components/Tabs';
import { formatDateTime } from '../../views/utils/dateTime';
import styles from './MyPostsView.module.css';

/** The texts the view shows (myPostsTexts of the machine, handed over by the connector). */
export interface MyPostsViewTexts {
  title: string;
  tabs: Readonly<Record<string, string>>;
  loadFailed: string;
  confirmTitle: string;
  confirmText: string;
  confirmButton: string;
}

export interface MyPostRowProps {
  id: number;
  message: string;
  /** ISO; shown as dd/MM/yyyy HH:mm. */
  publishedDate: string;
  dateLabel: string;
  mediaName: string | null;
  editPath: string;
}

export interface MyPostsViewProps {
  texts: MyPostsViewTexts;
  /** The tabs' keys in order; `tab` the selected one. */
  tabKeys: readonly string[];
  tab: string;
  onSelectTab: (tab: string) => void;
  /** The first read of a tab: nothing to show yet. */
  loading: boolean;
  /** A read or a delete is out (the list is marked busy). */
  busy: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  /** The tab's empty text, or null. */
  emptyText: string | null;
  rows: readonly MyPostRowProps[];
  pages: { page: number; pageCount: number; canPrevious: boolean; canNext: boolean } | null;
  onPrevious: () => void;
  onNext: () => void;
  canDelete: boolean;
  onDelete: (id: number) => void;
  /** The post the confirm dialog asks about, or null (the dialog is closed). */
  toDelete: { message: string } | null;
  deleting: boolean;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
  alert: { kind: string; level: 'success' | 'danger'; title: string; messages: string[] } | null;
  onDismissAlert: () => void;
  /** IANA time zone of the dates; the browser's when absent (tests pin it). */
  timeZone?: string;
}

/** A post's message on one or two lines of a card (the whole text stays for screen readers). */
function PostRow({
  row,
  canDelete,
  onDelete,
  timeZone,
}: {
  row: MyPostRowProps;
  canDelete: boolean;
  onDelete: (id: number) => void;
  timeZone: string | undefined;
}) {
  const date = formatDateTime(row.publishedDate, timeZone);
  const name = row.message.length > 40 ? `${row.message.slice(0, 40)}…` : row.message;
  return (
    <li className={styles.post}>
      <p className={styles.message}>{row.message}</p>
      <p className={styles.meta}>
        {date !== null ? (
          <span>
            {row.dateLabel} <time dateTime={row.publishedDate}>{date}</time>
          </span>
        ) : null}
        {row.mediaName !== null ? <span className={styles.media}>{row.mediaName}</span> : null}
      </p>
      <div className={styles.actions}>
        <LinkButton
          href={row.editPath}
          variant="ghost"
          size="sm"
          icon={<Pencil aria-hidden="true" focusable="false" size={16} />}
        >
          Edit <span className="visually-hidden">post: {name}</span>
        </LinkButton>
        <RowAction
          icon={Trash2}
          aria-label={`Delete post: ${name}`}
          disabled={!canDelete}
          onClick={() => onDelete(row.id)}
        >
          Delete
        </RowAction>
      </div>
    </li>
  );
}

/**
 * My posts on the Profile: the tabs Published, Scheduled and Drafts (roving focus,
 * aria-selected), each post with its date, Edit (Create Post at /create-post/{id}) and Delete (a
 * confirm dialog), the tab's empty text, the pages, and the alerts. Focus: the dialog returns it to
 * the Delete button when cancelled; once the post is deleted (its button gone), to the heading.
 */
export function MyPostsView(props: MyPostsViewProps) {
  const { texts, tab, rows, pages, alert, toDelete, timeZone } = props;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleted = alert?.kind === 'deleted';
  useEffect(() => {
    if (deleted) headingRef.current?.focus();
  }, [deleted]);

  const panel = (
    <div className={styles.panel} aria-busy={props.busy}>
      {alert ? (
        <Alert
          level={alert.level === 'success' ? 'Success' : 'Danger'}
          title={alert.title}
          messages={alert.messages}
          onDismiss={props.onDismissAlert}
        />
      ) : null}
      {props.loading ? <LoadingIndicator /> : null}
      {props.loadFailed ? (
        <div className={styles.failed}>
          <Alert level="Danger" messages={[texts.loadFailed]} />
          <Button variant="secondary" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
      {props.emptyText !== null ? (
        <div className={styles.empty}>
          <p>{props.emptyText}</p>
          <LinkButton href="/create-post" variant="secondary" size="sm">
            Create a post
          </LinkButton>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <ul className={styles.list}>
          {rows.map((row) => (
            <PostRow
              key={row.id}
              row={row}
              canDelete={props.canDelete}
              onDelete={props.onDelete}
              timeZone={timeZone}
            />
          ))}
        </ul>
      ) : null}
      {pages ? (
        <nav className={styles.pages} aria-label={`${texts.title} pages`}>
          <Button
            variant="secondary"
            size="sm"
            disabled={!pages.canPrevious}
            onClick={props.onPrevious}
          >
            Previous
          </Button>
          <span>
            Page {pages.page} of {pages.pageCount}
          </span>
          <Button variant="secondary" size="sm" disabled={!pages.canNext} onClick={props.onNext}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
        {texts.title}
      </h2>
      <Tabs
        label={texts.title}
        selected={tab}
        onSelect={props.onSelectTab}
        tabs={props.tabKeys.map((key) => ({ key, label: texts.tabs[key] ?? key, panel }))}
      />
      <Modal
        open={toDelete !== null}
        title={texts.confirmTitle}
        buttons="OkCancel"
        tone="danger"
        okLabel={props.deleting ? 'Deleting...' : texts.confirmButton}
        onClose={(result) => (result === 'ok' ? props.onConfirmDelete() : props.onCancelDelete())}
      >
        {toDelete ? (
          <>
            <blockquote className={styles.quote}>{toDelete.message}</blockquote>
            <p>{texts.confirmText}</p>
          </>
        ) : null}
      </Modal>
    </section>
  );
}
