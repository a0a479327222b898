import { ChevronRight } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import styles from './ChoiceCardList.module.css';

export interface ChoiceCard {
  /** Where the card leads; also its key. */
  href: string;
  /** The card's title: the start of the link's name. */
  title: string;
  /** A line that says what the choice is. */
  text: string;
  /** A decorative icon (lucide-react). */
  Icon: LucideIcon;
}

export interface ChoiceCardListProps {
  choices: readonly ChoiceCard[];
}

/**
 * A list of choices, each a card that links on (Start signup's account types, Create's drop or
 * post): icon, title and text, one under the other up to 768 px and side by side above.
 */
export function ChoiceCardList({ choices }: ChoiceCardListProps) {
  return (
    <ul className={styles.choices}>
      {choices.map(({ href, title, text, Icon }) => (
        <li key={href}>
          <Link href={href} className={styles.choice}>
            <span className={styles.icon}>
              <Icon aria-hidden="true" focusable="false" size={28} />
            </span>
            <span className={styles.body}>
              <span className={styles.choiceTitle}>{title}</span>
              <span className={styles.choiceText}>{text}</span>
            </span>
            <ChevronRight
              aria-hidden="true"
              focusable="false"
              size={20}
              className={styles.chevron}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
