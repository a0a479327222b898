import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Building2, User } from 'lucide-react';
import { Avatar } from '../../views/components/Avatar';
import { SearchField } from '../../views/components/SearchField';
import { cx } from '../../views/utils/cx';
import screen from '../../views/layouts/ContentScreen.module.css';
import styles from './FollowingView.module.css';

export type FollowingViewProps = Record<string, never>;

/** The filter tabs (spec §3 Enumerations: All, Accounts, Charities, Mutual). */
export const FOLLOWING_TABS = ['All', 'Accounts', 'Charities', 'Mutual'] as const;
export type FollowingTab = (typeof FOLLOWING_TABS)[number];

export interface FollowingEntry {
  id: number;
  name: string;
  handle: string;
  kind: 'Account' | 'Charity';
  /** They follow back. */
  mutual: boolean;
  color: string;
  bgColor: string;
}

/** The static sample list of spec §2.3 Following (no data is loaded). */
export const FOLLOWING_SAMPLE: readonly FollowingEntry[] = [
  {
    id: 1,
    name: 'Amara Okafor',
    handle: 'amara_runs',
    kind: 'Account',
    mutual: true,
    color: '#094643',
    bgColor: '#bfe3de',
  },
  {
    id: 2,
    name: 'Ocean Rescue Trust',
    handle: 'oceanrescue',
    kind: 'Charity',
    mutual: false,
    color: '#1d5fa8',
    bgColor: '#eff6ff',
  },
  {
    id: 3,
    name: 'Tom Bennett',
    handle: 'tom_bakes',
    kind: 'Account',
    mutual: false,
    color: '#a8401f',
    bgColor: '#fde8e1',
  },
  {
    id: 4,
    name: 'Hope Kitchen',
    handle: 'hopekitchen',
    kind: 'Charity',
    mutual: true,
    color: '#1e6b45',
    bgColor: '#ecfdf3',
  },
  {
    id: 5,
    name: 'Priya Shah',
    handle: 'priya_climbs',
    kind: 'Account',
    mutual: true,
    color: '#3e4c59',
    bgColor: '#f3f0eb',
  },
  {
    id: 6,
    name: 'Little Paws Rescue',
    handle: 'littlepaws',
    kind: 'Charity',
    mutual: false,
    color: '#8a4b00',
    bgColor: '#fffaeb',
  },
  {
    id: 7,
    name: 'Jonas Meyer',
    handle: 'jonas_cycles',
    kind: 'Account',
    mutual: false,
    color: '#094643',
    bgColor: '#e6f4f2',
  },
  {
    id: 8,
    name: 'Green Futures',
    handle: 'greenfutures',
    kind: 'Charity',
    mutual: true,
    color: '#1e6b45',
    bgColor: '#ecfdf3',
  },
  {
    id: 9,
    name: 'Sofia Rossi',
    handle: 'sofia_sings',
    kind: 'Account',
    mutual: false,
    color: '#b42318',
    bgColor: '#fef3f2',
  },
  {
    id: 10,
    name: 'Reading Together',
    handle: 'readingtogether',
    kind: 'Charity',
    mutual: false,
    color: '#1d5fa8',
    bgColor: '#eff6ff',
  },
];

function inTab(entry: FollowingEntry, tab: FollowingTab): boolean {
  switch (tab) {
    case 'Accounts':
      return entry.kind === 'Account';
    case 'Charities':
      return entry.kind === 'Charity';
    case 'Mutual':
      return entry.mutual;
    default:
      return true;
  }
}

/** The entries of a tab whose name or handle contains the filter (case-insensitive). */
export function filterFollowing(
  entries: readonly FollowingEntry[],
  tab: FollowingTab,
  filter: string,
): FollowingEntry[] {
  const needle = filter.trim().toLocaleLowerCase();
  return entries.filter(
    (entry) =>
      inTab(entry, tab) &&
      (needle === '' ||
        entry.name.toLocaleLowerCase().includes(needle) ||
        entry.handle.toLocaleLowerCase().includes(needle)),
  );
}

/**
 * Following, /following (spec §2.3): the static sample list with the tabs All, Accounts,
 * Charities and Mutual (WAI-ARIA tabs: arrow keys, Home and End move between them and select)
 * and a name filter.
 */
export function FollowingView() {
  const [tab, setTab] = useState<FollowingTab>('All');
  const [filter, setFilter] = useState('');
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId().replace(/:/g, '');
  const tabId = (name: FollowingTab) => `following${id}-tab-${name}`;
  const panelId = `following${id}-panel`;
  const entries = filterFollowing(FOLLOWING_SAMPLE, tab, filter);

  const select = (index: number) => {
    const count = FOLLOWING_TABS.length;
    const next = FOLLOWING_TABS[(index + count) % count] ?? 'All';
    setTab(next);
    tabRefs.current[(index + count) % count]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: FOLLOWING_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={screen.screen}>
      <h1 className={screen.title}>Following</h1>
      <SearchField
        id={`following${id}-filter`}
        label="Filter by name"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div role="tablist" aria-label="Show" className={styles.tabs}>
        {FOLLOWING_TABS.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            id={tabId(name)}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={panelId}
            tabIndex={tab === name ? 0 : -1}
            className={cx(styles.tab, tab === name && styles.selected)}
            onClick={() => setTab(name)}
            onKeyDown={(event) => onTabKeyDown(event, index)}
          >
            {name}
          </button>
        ))}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(tab)}
        tabIndex={0}
        className={styles.panel}
      >
        {entries.length === 0 ? (
          <p className={styles.empty}>
            {filter.trim() ? `No one matches "${filter.trim()}".` : 'No one here yet.'}
          </p>
        ) : (
          <ul className={styles.list}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.entry}>
                <Avatar
                  name={entry.name}
                  color={entry.color}
                  bgColor={entry.bgColor}
                  size={44}
                  alt=""
                />
                <div className={styles.who}>
                  <span className={styles.name}>{entry.name}</span>
                  <span className={styles.handle}>@{entry.handle}</span>
                </div>
                <span className={styles.badges}>
                  <span className={styles.badge}>
                    {entry.kind === 'Charity' ? (
                      <Building2 aria-hidden="true" focusable="false" size={14} />
                    ) : (
                      <User aria-hidden="true" focusable="false" size={14} />
                    )}
                    {entry.kind}
                  </span>
                  {entry.mutual ? <span className={styles.mutual}>Follows you</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
