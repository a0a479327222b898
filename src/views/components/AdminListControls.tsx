import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { AccountPanel, type AccountAlert } from '../layouts/AccountPanel';
import { Button } from './Button';
import { DataTable } from './DataTable';
import { TextField } from './TextField';
import styles from './AdminListView.module.css';
import { countOf, type NounForms } from '../utils/plural';

export interface AdminPageInfo {
  page: number;
  pageCount: number;
  totalCount: number;
  /** There is a previous page: else Previous is disabled (it can never be used here). */
  hasPrevious: boolean;
  /** There is a next page: else Next is disabled. */
  hasNext: boolean;
  /** A page is loading or a call runs: the buttons are busy (aria-disabled, keep the focus). */
  busy: boolean;
}

/** The search input of an admin list (its machine debounces it). */
export function AdminSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.search}>
      <TextField
        label={label}
        type="search"
        value={value}
        maxLength={256}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * An admin list's pager: the total, the page of the pages, previous and next. While a page
 * loads the buttons are busy (aria-disabled), so the pressed one keeps the keyboard focus; a
 * button is disabled only where it can never be used (Previous on the first page, Next on the
 * last). Pressing Next onto the last page (or Previous onto the first) disables the pressed
 * button, so its focus moves to the other one instead of falling to the page.
 */
export function AdminPager({
  info,
  noun,
  onPrevious,
  onNext,
}: {
  info: AdminPageInfo;
  /** What is counted, in its forms ({ one: 'user', other: 'users' }). */
  noun: NounForms;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  /** The pager button pressed last, while the focus may still be on it. */
  const pressed = useRef<'previous' | 'next' | null>(null);
  // Before the browser paints (and resets the focus of a disabled button to the page).
  useLayoutEffect(() => {
    const focusLost = (button: HTMLButtonElement | null, name: 'previous' | 'next') => {
      const active = document.activeElement;
      return (
        active === button ||
        (pressed.current === name && (active === null || active === document.body))
      );
    };
    if (!info.hasNext && info.hasPrevious && focusLost(nextRef.current, 'next')) {
      previousRef.current?.focus();
    } else if (!info.hasPrevious && info.hasNext && focusLost(previousRef.current, 'previous')) {
      nextRef.current?.focus();
    }
    pressed.current = null;
  }, [info.hasNext, info.hasPrevious]);
  return (
    <nav className={styles.pager} aria-label="Pages">
      <p className={styles.count} aria-live="polite">
        {countOf(info.totalCount, noun)} · page {info.page} of {info.pageCount}
      </p>
      <div className={styles.pagerButtons}>
        <Button
          ref={previousRef}
          size="sm"
          variant="secondary"
          disabled={!info.hasPrevious}
          busy={info.busy}
          onClick={() => {
            pressed.current = 'previous';
            onPrevious();
          }}
        >
          Previous
        </Button>
        <Button
          ref={nextRef}
          size="sm"
          variant="secondary"
          disabled={!info.hasNext}
          busy={info.busy}
          onClick={() => {
            pressed.current = 'next';
            onNext();
          }}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** What every admin list's view takes from its record-list machine. */
export interface AdminListProps {
  /** The first page is loading: 'Loading, please wait...' instead of the list. */
  loading: boolean;
  /** A page or a search is loading: the shown list waits. */
  pageLoading: boolean;
  /** The load failed: its alert shows with 'Try again'. */
  loadFailed: boolean;
  onRetry: () => void;
  search: string;
  onSearch: (value: string) => void;
  page: AdminPageInfo;
  onPrevious: () => void;
  onNext: () => void;
  alert: AccountAlert | null;
  onDismissAlert: () => void;
}

/**
 * An admin list's panel: its title and lead, the search, the table of the page (or the empty
 * text when a search finds nothing), the pager, and whatever else the list shows (a dialog).
 */
export function AdminListPanel({
  list,
  title,
  lead,
  searchLabel,
  tableLabel,
  noun,
  columns,
  empty,
  rows,
  children,
}: {
  list: AdminListProps;
  title: string;
  lead: string;
  searchLabel: string;
  tableLabel: string;
  /** What is counted, in its forms ({ one: 'user', other: 'users' }). */
  noun: NounForms;
  columns: readonly string[];
  /** The page has no row (and none is loading): this text instead of the table. */
  empty: string | null;
  rows: ReactNode;
  children?: ReactNode;
}) {
  return (
    <AccountPanel
      title={title}
      wide
      lead={lead}
      loading={list.loading}
      loadFailed={list.loadFailed}
      onRetry={list.onRetry}
      alert={list.alert}
      onDismissAlert={list.onDismissAlert}
    >
      <AdminSearch label={searchLabel} value={list.search} onChange={list.onSearch} />
      {empty !== null && !list.pageLoading ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <DataTable label={tableLabel} columnsFrom={36}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody aria-busy={list.pageLoading}>{rows}</tbody>
        </DataTable>
      )}
      <AdminPager info={list.page} noun={noun} onPrevious={list.onPrevious} onNext={list.onNext} />
      {children}
    </AccountPanel>
  );
}
