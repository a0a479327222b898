import styles from './SkipLink.module.css';

export interface SkipLinkProps {
  /** The id of the main landmark. */
  targetId?: string;
}

/** The first focusable element of every layout: jumps over the header and navigation. */
export function SkipLink({ targetId = 'main' }: SkipLinkProps) {
  return (
    <a className={styles.skipLink} href={`#${targetId}`}>
      Skip to main content
    </a>
  );
}
