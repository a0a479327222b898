import type { ReactNode } from 'react';
import { Building2, Droplet, HandHeart, Timer } from 'lucide-react';
import { LinkButton } from '../components/LinkButton';
import styles from './LandingView.module.css';

export interface LandingViewProps {
  signedIn: boolean;
  /** The signed-in user's first name, for the welcome. */
  firstName?: string;
  /** The organisation (current tenant) name. */
  tenantName?: string;
  /**
   * The Drops carousel and the Posts feed (spec §2.3 Landing), supplied by the app once built.
   * Rendered in the region marked data-region="feed"; nothing is shown in its place until then.
   */
  feed?: ReactNode;
}

/** The landing page '/': a welcome for visitors, a home greeting for signed-in users. */
export function LandingView({ signedIn, firstName, tenantName, feed }: LandingViewProps) {
  return (
    <div className={styles.landing}>
      {signedIn ? (
        <section className={styles.welcome} aria-labelledby="landing-title">
          <h1 id="landing-title" className={styles.welcomeTitle}>
            {firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
          </h1>
          {tenantName ? (
            <p className={styles.tenant}>
              <Building2 aria-hidden="true" focusable="false" size={18} />
              <span>{tenantName}</span>
            </p>
          ) : null}
        </section>
      ) : (
        <section className={styles.hero} aria-labelledby="landing-title">
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Charitable giving, shared</p>
            <h1 id="landing-title" className={styles.heroTitle}>
              Give where it matters
            </h1>
            <p className={styles.lead}>
              Givedrop brings fund raisers, charities and their supporters together. Share the
              causes you care about, follow the people behind them, and give when it counts.
            </p>
            <div className={styles.actions}>
              <LinkButton href="/start-signup" size="lg">
                Sign up
              </LinkButton>
              <LinkButton href="/login" variant="secondary" size="lg">
                Login
              </LinkButton>
            </div>
          </div>
          <div className={styles.dropInfo}>
            <span className={styles.dropIcon}>
              <Droplet aria-hidden="true" focusable="false" size={28} />
            </span>
            <h2 id="drop-info-title" className={styles.dropInfoTitle}>
              What is a Drop?
            </h2>
            <p>
              A Drop is a time limited post showing exclusive content for a charitable event or
              initiative.
            </p>
            <ul className={styles.points}>
              <li>
                <Timer aria-hidden="true" focusable="false" size={18} />
                <span>Here for a limited time</span>
              </li>
              <li>
                <HandHeart aria-hidden="true" focusable="false" size={18} />
                <span>Donations go to a chosen charity</span>
              </li>
            </ul>
          </div>
        </section>
      )}
      {/* Drops carousel + Posts feed: filled by the app in a later issue (no sample content here). */}
      <section
        className={styles.feed}
        data-region="feed"
        aria-label={feed ? 'Drops and posts' : undefined}
      >
        {feed}
      </section>
    </div>
  );
}
