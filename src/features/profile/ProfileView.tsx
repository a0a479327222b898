import { BarChart3, Gem } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { Tabs } from '../../views/components/Tabs';
import styles from './ProfileView.module.css';

export interface ProfileViewProps {
  /** The avatar upload widget (hint: square image, max 500x500). */
  avatar: ReactNode;
  fullName: string;
  handle: string;
  email: string;
  organisation: string;
  /** 'Individual Account', 'Charity Account'... */
  accountType: string;
  /** Spec §2.3 Profile: Drops, Raised and Followers, in that order. */
  counts: readonly { label: string; value: string }[];
  /** 'Failed to fetch dashboard information' when the counts could not be loaded, else null. */
  countsError?: string | null;
  onRetryCounts?: () => void;
  /** My posts: the person's own posts, under the tabs Published, Scheduled and Drafts. */
  posts?: ReactNode;
}

function EmptyPanel({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon} aria-hidden="true">
        {icon}
      </span>
      <h2 className={styles.emptyTitle}>{title}</h2>
      <p>{text}</p>
    </div>
  );
}

/**
 * Profile, /account/profile and /profile (spec §2.3): the avatar widget, the counts Drops, Raised
 * and Followers, the handle, My posts (issue 34), and the tabs Profile, Collectibles and Analytics.
 */
export function ProfileView(props: ProfileViewProps) {
  const { avatar, fullName, handle, email, organisation, accountType, counts } = props;
  const { countsError = null, onRetryCounts } = props;
  return (
    <div className={styles.profile}>
      <section className={styles.card} aria-labelledby="profile-name">
        <div className={styles.avatar}>{avatar}</div>
        <div className={styles.identity}>
          <h1 id="profile-name" className={styles.name}>
            {fullName}
          </h1>
          <p className={styles.handle}>@{handle}</p>
        </div>
        <dl className={styles.counts}>
          {counts.map((count) => (
            <div key={count.label} className={styles.count}>
              <dt>{count.label}</dt>
              <dd>{count.value}</dd>
            </div>
          ))}
        </dl>
        {countsError !== null ? (
          <div className={styles.countsError}>
            <Alert level="Danger" messages={[countsError]} />
            {onRetryCounts ? (
              <Button variant="secondary" onClick={onRetryCounts}>
                Try again
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>
      {props.posts}
      <Tabs
        label="Profile sections"
        className={styles.tabs}
        tabs={[
          {
            key: 'profile',
            label: 'Profile',
            panel: (
              <dl className={styles.details}>
                <div>
                  <dt>Name</dt>
                  <dd>{fullName}</dd>
                </div>
                <div>
                  <dt>Handle</dt>
                  <dd>@{handle}</dd>
                </div>
                <div>
                  <dt>Email</dt>
                  <dd>{email}</dd>
                </div>
                <div>
                  <dt>Organisation</dt>
                  <dd>
                    {organisation} <span className={styles.badge}>{accountType}</span>
                  </dd>
                </div>
              </dl>
            ),
          },
          {
            key: 'collectibles',
            label: 'Collectibles',
            panel: (
              <EmptyPanel
                icon={<Gem size={32} focusable="false" />}
                title="No collectibles yet"
                text="Collectibles you receive for supporting Drops will appear here."
              />
            ),
          },
          {
            key: 'analytics',
            label: 'Analytics',
            panel: (
              <EmptyPanel
                icon={<BarChart3 size={32} focusable="false" />}
                title="No analytics yet"
                text="Once you publish Drops, how many people they reach and what they raise will appear here."
              />
            ),
          },
        ]}
      />
    </div>
  );
}
