import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { LinkButton } from '../../views/components/LinkButton';
import { DropsCarouselView } from './DropsCarouselView';
import type { DropsCarouselViewProps } from './DropsCarouselView';
import { PostsFeedView } from './PostsFeedView';
import type { PostsFeedViewProps } from './PostsFeedView';
import styles from './HomeView.module.css';

export interface HomeViewProps {
  /** Signed-out visitors see what Givedrop is, Sign up and Login, and sample content. */
  signedIn: boolean;
  carousel: DropsCarouselViewProps;
  feed: PostsFeedViewProps;
  /** The signed-in home's heading (h1) above the carousel: the greeting. */
  title?: string;
}

/** The visitor's heading and sentences (ours: the spec gives the landing page no text). */
export const VISITOR_TITLE = 'Give where it matters';
export const VISITOR_LEAD =
  'Givedrop brings fund raisers, charities and their supporters together: share time-limited Drops and Posts about the causes you care about, and give when it counts.';
export const VISITOR_SAMPLE_NOTE = 'Below are sample drops and posts. Sign up to share your own.';

export interface HomeHeadingProps {
  signedIn: boolean;
  /** The signed-in home's heading: the greeting. */
  title?: string | undefined;
}

/**
 * The top of the home: what Givedrop is, with Sign up and Login, for a visitor; the greeting for
 * a signed-in person. Also the page's start-up shell (src/app/landingShell), painted from the
 * HTML before the app's code has loaded.
 */
export function HomeHeading({ signedIn, title }: HomeHeadingProps) {
  if (signedIn) return title ? <h1 className={styles.title}>{title}</h1> : null;
  return (
    <section className={styles.hero} aria-labelledby="home-visitor-title">
      <h1 id="home-visitor-title" className={styles.heroTitle}>
        {VISITOR_TITLE}
      </h1>
      <p className={styles.lead}>{VISITOR_LEAD}</p>
      <p className={styles.note}>
        <Sparkles aria-hidden="true" focusable="false" size={18} className={styles.noteIcon} />
        <span>{VISITOR_SAMPLE_NOTE}</span>
      </p>
      <div className={styles.heroActions}>
        <LinkButton href="/start-signup">Sign up</LinkButton>
        <LinkButton href="/login" variant="secondary">
          Login
        </LinkButton>
      </div>
    </section>
  );
}

/** The home's outer box, around the heading and the content (the shell has the heading only). */
export function HomeFrame({ children }: { children: ReactNode }) {
  return <div className={styles.home}>{children}</div>;
}

/** Home (spec §1 Home feed, §2.3 Landing): the Drops carousel above the Posts feed. */
export function HomeView({ signedIn, carousel, feed, title }: HomeViewProps) {
  return (
    <HomeFrame>
      <HomeHeading signedIn={signedIn} title={title} />
      <DropsCarouselView {...carousel} />
      <PostsFeedView {...feed} />
    </HomeFrame>
  );
}
