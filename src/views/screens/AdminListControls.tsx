import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import styles from './AdminListView.module.css';

export interface AdminPageInfo {
  page: number;
  pageCount: number;
  totalCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
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

/** An admin list's pager: the total, the page of the pages, previous and next. */
export function AdminPager({
  info,
  noun,
  onPrevious,
  onNext,
}: {
  info: AdminPageInfo;
  /** What is counted, plural ('users'). */
  noun: string;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav className={styles.pager} aria-label="Pages">
      <p className={styles.count} aria-live="polite">
        {info.totalCount} {noun} · page {info.page} of {info.pageCount}
      </p>
      <div className={styles.pagerButtons}>
        <Button size="sm" variant="secondary" disabled={!info.hasPrevious} onClick={onPrevious}>
          Previous
        </Button>
        <Button size="sm" variant="secondary" disabled={!info.hasNext} onClick={onNext}>
          Next
        </Button>
      </div>
    </nav>
  );
}
