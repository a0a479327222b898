import { Link } from 'wouter';
import { LogoImage } from './LogoImage';
import styles from './Logo.module.css';

export interface LogoProps {
  /** Where the logo links to; the spec's header logo links to '/'. */
  href?: string;
  /** On a narrow header bar, the drop without the name (see HeaderBar's compactLogo). */
  compact?: boolean;
}

/** The product wordmark, 40 px high (spec §2.2, §9), linking to the landing page. */
export function Logo({ href = '/', compact = false }: LogoProps) {
  return (
    <Link href={href} className={styles.link}>
      <LogoImage className={styles.image} compact={compact} />
    </Link>
  );
}
