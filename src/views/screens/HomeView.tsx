import { Sparkles } from 'lucide-react';
import { LinkButton } from '../components/LinkButton';
import { DropsCarouselView } from './DropsCarouselView';
import type { DropsCarouselViewProps } from './DropsCarouselView';
import { PostsFeedView } from './PostsFeedView';
import type { PostsFeedViewProps } from './PostsFeedView';
import styles from './HomeView.module.css';

export interface HomeViewProps {
  /** Signed-out visitors see sample content and a small banner inviting them to sign up. */
  signedIn: boolean;
  carousel: DropsCarouselViewProps;
  feed: PostsFeedViewProps;
  /** A page heading (h1) above the carousel; none when the page has its own (e.g. Landing). */
  title?: string;
}

export const VISITOR_BANNER_TEXT =
  'You are looking at sample drops and posts. Sign up to share your own and give to the causes you care about.';

/** Home (spec §1 Home feed, §2.3 Landing): the Drops carousel above the Posts feed. */
export function HomeView({ signedIn, carousel, feed, title }: HomeViewProps) {
  return (
    <div className={styles.home}>
      {title ? <h1 className={styles.title}>{title}</h1> : null}
      {signedIn ? null : (
        <aside className={styles.banner} aria-label="Sample content">
          <Sparkles aria-hidden="true" focusable="false" size={20} className={styles.bannerIcon} />
          <p className={styles.bannerText}>{VISITOR_BANNER_TEXT}</p>
          <div className={styles.bannerActions}>
            <LinkButton href="/start-signup" size="sm">
              Sign up
            </LinkButton>
            <LinkButton href="/login" variant="ghost" size="sm">
              Login
            </LinkButton>
          </div>
        </aside>
      )}
      <DropsCarouselView {...carousel} />
      <PostsFeedView {...feed} />
    </div>
  );
}
